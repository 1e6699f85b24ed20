import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LocationProbe, renderWithProviders } from '../test/utils.tsx';
import { ScopeFilters } from './ScopeFilters.tsx';

const SCOPE = {
  chains: [
    { id: 1, chain_name: 'Norrgården', has_region: true },
    { id: 2, chain_name: 'Söderhallen', has_region: false },
  ],
  regions: [
    { id: 10, chain_id: 1, region_name: 'Stockholm' },
    { id: 11, chain_id: 1, region_name: 'Uppsala' },
  ],
  stores: [
    { id: 100, chain_id: 1, region_id: 10, store_name: 'Norrgården Haga' },
    { id: 101, chain_id: 1, region_id: 11, store_name: 'Norrgården Luthagen' },
    { id: 102, chain_id: 1, region_id: 11, store_name: 'Norrgården Gränby' },
    { id: 200, chain_id: 2, region_id: null, store_name: 'Söderhallen Centrum' },
  ],
};

function setup(route: string, withRegions = false) {
  renderWithProviders(
    <>
      <ScopeFilters scope={SCOPE} withRegions={withRegions} />
      <LocationProbe />
    </>,
    { route },
  );
  return userEvent.setup();
}

const field = (name: string) => screen.queryByRole('combobox', { name });
const options = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
  await user.click(screen.getByRole('combobox', { name }));
  return (await screen.findAllByRole('option')).map((option) => option.textContent);
};

describe('scope filters', () => {
  it('offer the chains, and only the stores of the chosen chain; no region without asking for it', async () => {
    const user = setup('/plans?chain_id=1');
    expect(field('Chain')).toHaveAttribute('placeholder', 'All chains');
    expect(field('Region')).toBeNull();
    expect(await options(user, 'Store')).toEqual(['Norrgården Haga', 'Norrgården Luthagen', 'Norrgården Gränby']);
  });

  it('narrow the stores to the chosen region, and choosing a chain clears the region and the store', async () => {
    const user = setup('/plans/calendar?chain_id=1&region_id=11&store_id=101&page=2', true);
    expect(await options(user, 'Region')).toEqual(['Stockholm', 'Uppsala']);
    await user.keyboard('{Escape}');
    expect(await options(user, 'Store')).toEqual(['Norrgården Luthagen', 'Norrgården Gränby']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: 'Chain' }));
    await user.click(await screen.findByRole('option', { name: 'Söderhallen' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/plans\/calendar\?chain_id=2$/);
    // One store in that chain and no region: nothing left to choose between.
    expect(field('Region')).toBeNull();
    expect(field('Store')).toBeNull();
  });

  it('show no chain filter to someone of one chain', () => {
    renderWithProviders(<ScopeFilters scope={{ ...SCOPE, chains: SCOPE.chains.slice(0, 1) }} />);
    expect(field('Chain')).toBeNull();
    expect(field('Store')).toBeInTheDocument();
  });
});
