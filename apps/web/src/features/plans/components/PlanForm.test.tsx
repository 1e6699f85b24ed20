import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Plan, PlanPreview } from '@wop/shared/plans';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAppTimeZone } from '../../../lib/app-config.ts';
import { i18n } from '../../../lib/i18n.ts';
import { makeUser, mockApi, renderWithProviders, signIn } from '../../../test/utils.tsx';
import { PlanForm } from './PlanForm.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

// jsdom has no document.fonts; Mantine's autosizing Textarea listens on it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

const envelope = (payload: unknown, message: string | null = null) => ({ body: { message, payload } });

const PLAN: Plan = {
  id: 5,
  chain_id: 1,
  chain_name: 'Norrgården Livs',
  country: 'SE',
  title: 'Kylservice',
  description: null,
  worktype_id: 2,
  priority: 30,
  targets: { store_ids: [1] },
  target_list: [
    { id: 1, name: 'Norrgården Södermalm', store_id: 1, store_name: 'Norrgården Södermalm', asset_id: null },
  ],
  rule: { freq: 'weekly', interval: 1, weekdays: [5], month_day: null, month: null },
  starts_on: '2026-06-01',
  ends_on: null,
  lead_days: 7,
  if_previous_open: 'create',
  active: true,
  next_day: '2026-06-18',
  version: 3,
  created_at: '2026-05-01T08:00:00.000Z',
  updated_at: '2026-05-01T08:00:00.000Z',
};

// Midsummer Eve (Friday 19 June) moves to Thursday 18 June; 12 June was generated already.
const PREVIEW: PlanPreview = {
  targets: [
    {
      ...PLAN.target_list[0],
      days: [
        {
          day: '2026-06-12',
          generate_on: '2026-06-05',
          moved: false,
          status: 'generated',
          order: { id: 77, project_number: 10077 },
        },
        { day: '2026-06-18', generate_on: '2026-06-11', moved: true, status: 'coming', order: null },
        { day: '2026-06-26', generate_on: '2026-06-19', moved: false, status: 'coming', order: null },
      ],
    },
  ],
};

// What the server previews of a form changed and not saved.
const DRAFT_PREVIEW: PlanPreview = {
  targets: [
    {
      ...PLAN.target_list[0],
      days: [{ day: '2026-07-03', generate_on: '2026-06-26', moved: false, status: 'coming', order: null }],
    },
  ],
};

function setup(put: (body: Record<string, unknown>) => { status: number; body: unknown }, plan: Plan | null = PLAN) {
  signIn();
  const puts: Record<string, unknown>[] = [];
  mockApi({
    'GET /api/orders/options': envelope({
      chains: [{ id: 1, chain_name: 'Norrgården Livs', has_region: false }],
      regions: [],
      stores: [{ id: 1, store_name: 'Norrgården Södermalm', chain_id: 1, region_id: null }],
      technicians: [],
      assets: [],
    }),
    'GET /api/worktypes': envelope({
      data: [{ id: 2, title: 'Refrigeration', slug: 'refrigeration' }],
      current_page: 1,
      last_page: 1,
      per_page: 100,
      total: 1,
    }),
    'GET /api/plans/5/preview': envelope(PREVIEW),
    'POST /api/plans/preview': envelope(DRAFT_PREVIEW),
    'GET /api/plans/5': envelope({ ...PLAN, title: 'Kylservice (their edit)', version: 4 }),
    'PUT /api/plans/5': ({ init }) => {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      puts.push(body);
      return put(body);
    },
  });
  const view = renderWithProviders(<PlanForm plan={plan ?? undefined} />, {
    user: makeUser('chain-admin'),
    route: plan ? '/plans/5' : '/plans/create',
  });
  return { puts, unmount: view.unmount };
}

describe('the plan form', () => {
  it("starts a new plan today in the server's time zone, not the browser's", async () => {
    const saved = () => ({ status: 200, body: { message: 'Saved', payload: PLAN } });
    // 23:30 UTC on 14 June: already the 15th at UTC+14, still the 14th at UTC-11.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-14T23:30:00Z'));
    try {
      setAppTimeZone('Pacific/Kiritimati');
      const first = setup(saved, null);
      expect(await screen.findByLabelText(/Starts on/)).toHaveValue('15 Jun 2026');
      first.unmount();
      setAppTimeZone('Pacific/Pago_Pago');
      setup(saved, null);
      expect(await screen.findByLabelText(/Starts on/)).toHaveValue('14 Jun 2026');
    } finally {
      setAppTimeZone(null);
      vi.useRealTimers();
    }
  });

  it('keeps a new plan as it is typed, put back when the form opens again, until the draft is discarded', async () => {
    const saved = () => ({ status: 200, body: { message: 'Saved', payload: PLAN } });
    const first = setup(saved, null);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Title' }), 'Filter change');
    first.unmount();
    setup(saved, null);
    expect(await screen.findByText(/^Draft from .* restored$/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Filter change');
    await userEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('');
    expect(screen.queryByText(/^Draft from/)).toBeNull();
  });

  it("keeps the changes to a saved plan across a reload, its draft's days previewed, until saved or discarded", async () => {
    const user = userEvent.setup();
    const saved = () => ({ status: 200, body: { message: 'Plan saved.', payload: { ...PLAN, version: 4 } } });
    const first = setup(saved);
    const title = await screen.findByRole('textbox', { name: /Title/ });
    await user.clear(title);
    await user.type(title, 'Kylservice, kvartal');
    first.unmount();

    const second = setup(saved);
    expect(await screen.findByText(/^Draft from .* restored$/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveValue('Kylservice, kvartal');
    const preview = screen.getByRole('region', { name: 'Next 12 dates' });
    await waitFor(() => expect(within(preview).getAllByRole('listitem')).toHaveLength(1));
    // Kept from after the plan's last save: no word of anyone else's.
    expect(screen.queryByText('Someone else saved this plan meanwhile')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveValue('Kylservice');
    expect(screen.queryByText(/^Draft from/)).toBeNull();
    await waitFor(() => expect(within(preview).getAllByRole('listitem')).toHaveLength(3));
    second.unmount();

    // Discarded: the plan as saved.
    const third = setup(saved);
    expect(await screen.findByRole('textbox', { name: /Title/ })).toHaveValue('Kylservice');
    expect(screen.queryByText(/^Draft from/)).toBeNull();
    await user.type(screen.getByRole('textbox', { name: /Title/ }), ', kvartal');
    third.unmount();

    // Saved: the draft is gone.
    const { puts, unmount } = setup(saved);
    expect(await screen.findByText(/^Draft from .* restored$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ title: 'Kylservice, kvartal', version: 3 });
    await waitFor(() => expect(screen.queryByText(/^Draft from/)).toBeNull());
    unmount();
    setup(saved);
    expect(await screen.findByRole('textbox', { name: /Title/ })).toHaveValue('Kylservice');
    expect(screen.queryByText(/^Draft from/)).toBeNull();
  }, 60_000);

  it('says that saving changes kept from before the plan was saved again replaces that save', async () => {
    const user = userEvent.setup();
    const saved = () => ({ status: 200, body: { message: 'Plan saved.', payload: PLAN } });
    const first = setup(saved);
    await user.type(await screen.findByRole('textbox', { name: /Title/ }), ', kvartal');
    first.unmount();
    // Someone saved the plan after that.
    setup(saved, { ...PLAN, version: 4, updated_at: new Date(Date.now() + 60_000).toISOString() });
    expect(await screen.findByText(/^Draft from .* restored$/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveValue('Kylservice, kvartal');
    expect(screen.getByText('Someone else saved this plan meanwhile')).toBeInTheDocument();
  }, 60_000);

  it("shows the saved plan's days: a day moved off a holiday as moved, a generated one as its order", async () => {
    setup(() => ({ status: 200, body: { message: 'Saved', payload: PLAN } }));
    const preview = await screen.findByRole('region', { name: 'Next 12 dates' });
    const items = await within(preview).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]).getByRole('link', { name: 'Order 10077' })).toHaveAttribute('href', '/orders/77');
    expect(within(items[0]).queryByText('Moved')).toBeNull();
    expect(within(items[1]).getByText('Moved')).toBeInTheDocument();
    expect(within(items[1]).getByText(/order made/)).toBeInTheDocument();
    expect(within(items[2]).queryByText('Moved')).toBeNull();
  });

  it('on a 409 says someone else saved meanwhile, keeps what was typed, and saves over it on the next try', async () => {
    const user = userEvent.setup();
    let first = true;
    const { puts } = setup(() => {
      if (first) {
        first = false;
        return { status: 409, body: { message: 'The plan was changed by someone else.', payload: null } };
      }
      return {
        status: 200,
        body: { message: 'Plan saved.', payload: { ...PLAN, title: 'Kylservice, kvartal', version: 5 } },
      };
    });
    const title = await screen.findByRole('textbox', { name: /Title/ });
    await user.clear(title);
    await user.type(title, 'Kylservice, kvartal');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Someone else saved this plan meanwhile')).toBeInTheDocument();
    expect(title).toHaveValue('Kylservice, kvartal');
    expect(puts[0]).toMatchObject({ title: 'Kylservice, kvartal', version: 3 });

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toMatchObject({ title: 'Kylservice, kvartal', version: 4 });
  }, 60_000);
  it('takes the end day as a Finn writes it, keeps it in the draft and saves it as YYYY-MM-DD; a 422 shows under it', async () => {
    await i18n.changeLanguage('fi');
    const user = userEvent.setup();
    const invalid = () => ({
      status: 422,
      body: { message: 'ends_on: before start', errors: { ends_on: ['Päättymispäivä on ennen alkua.'] } },
    });
    const first = setup(invalid);
    expect(await screen.findByRole('textbox', { name: /Alkaa/ })).toHaveValue('1.6.2026');
    const ends = screen.getByRole('textbox', { name: 'Päättyy' });
    expect(ends).toHaveValue('');
    await user.type(ends, '31.12.2026');
    await user.tab();
    expect(ends).toHaveValue('31.12.2026');
    first.unmount();

    const { puts } = setup(invalid);
    expect(await screen.findByRole('textbox', { name: 'Päättyy' })).toHaveValue('31.12.2026');
    await user.click(screen.getByRole('button', { name: 'Tallenna' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ starts_on: '2026-06-01', ends_on: '2026-12-31' });
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Päättyy' })).toHaveAccessibleDescription(
        expect.stringContaining('Päättymispäivä on ennen alkua.'),
      ),
    );
    expect(screen.getByRole('textbox', { name: 'Päättyy' })).toHaveValue('31.12.2026');
  }, 60_000);
});
