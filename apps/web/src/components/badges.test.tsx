import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/utils.tsx';
import { ApprovalBadge, PriorityBadge, StatusBadge } from './badges.tsx';

describe('badges', () => {
  it('always carry a text label', () => {
    renderWithProviders(
      <>
        <StatusBadge status="revisit-required" />
        <StatusBadge status="on-hold" label="On hold" />
        <ApprovalBadge status="pending" />
        <PriorityBadge priority={10} />
        <PriorityBadge priority={30} />
      </>,
    );
    expect(screen.getByText('Revisit required')).toBeInTheDocument();
    expect(screen.getByText('On hold')).toBeInTheDocument();
    expect(screen.getByText('Awaiting approval')).toBeInTheDocument();
    expect(screen.getByText('ASAP (48 h)')).toBeInTheDocument();
    expect(screen.getByText('Within 2 months')).toBeInTheDocument();
  });
});
