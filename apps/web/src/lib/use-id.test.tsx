import { Checkbox, TextInput } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/utils.tsx';

const seen: string[] = [];
function Probe({ id }: { id?: string }) {
  seen.push(useId(id));
  return null;
}

describe("the UI kit's useId (src/lib/use-id.ts)", () => {
  it('mounts a form in one commit: no render again after it to set an id', () => {
    const commits: string[] = [];
    renderWithProviders(
      <Profiler id="form" onRender={(_id, phase) => commits.push(phase)}>
        <TextInput label="Store name" />
        <Checkbox label="Urgent" />
      </Profiler>,
    );
    expect(commits).toEqual(['mount']);
    // Each label still names its own field.
    expect(screen.getByLabelText('Store name')).toBeInstanceOf(HTMLInputElement);
    expect(screen.getByLabelText('Urgent')).toHaveAttribute('type', 'checkbox');
    expect(screen.getByLabelText('Store name').id).not.toBe(screen.getByLabelText('Urgent').id);
  });

  it('keeps an id that is given, and one id per component across its renders', () => {
    seen.length = 0;
    const { rerender } = render(
      <>
        <Probe />
        <Probe id="fixed" />
      </>,
    );
    rerender(
      <>
        <Probe />
        <Probe id="fixed" />
      </>,
    );
    const [first, fixed, firstAgain, fixedAgain] = seen;
    expect(fixed).toBe('fixed');
    expect(fixedAgain).toBe('fixed');
    expect(firstAgain).toBe(first);
    expect(first).toMatch(/^mantine-[\w-]+$/);
  });
});
