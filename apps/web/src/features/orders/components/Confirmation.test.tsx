import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../test/utils.tsx';
import { Confirmation } from './Confirmation.tsx';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('order confirmation', () => {
  it('thanks the user in their language only', async () => {
    await i18n.changeLanguage('sv');
    renderWithProviders(<Confirmation projectNumber={10042} onClose={() => undefined} />);
    const shown = screen.getByTestId('order-confirmation');
    expect(shown).toHaveTextContent('Tack för din beställning! En servicetekniker kontaktar dig inom kort.');
    expect(shown).not.toHaveTextContent('Thank you');
    expect(shown).not.toHaveTextContent('Kiitos');
  });

  it('shows an ASAP order whom to phone now, as a tap-to-call link', () => {
    renderWithProviders(
      <Confirmation
        projectNumber={10042}
        phoneIn={{ after_hours: true, number: '+46 70 174 06 10', label: 'Exempel El AB, on call in Stockholm' }}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByText('Phone it in now:')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+46 70 174 06 10' })).toHaveAttribute('href', 'tel:+46701740610');
    expect(screen.getByText('Exempel El AB, on call in Stockholm')).toBeInTheDocument();
    expect(screen.getByText('Outside office hours: call the on-call line.')).toBeInTheDocument();
  });

  it('names the service desk within office hours, and shows no number for other priorities', () => {
    const { unmount } = renderWithProviders(
      <Confirmation
        projectNumber={10042}
        phoneIn={{ after_hours: false, number: '070-174 06 05', label: 'Service desk' }}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByRole('link', { name: '070-174 06 05' })).toHaveAttribute('href', 'tel:0701740605');
    expect(screen.getByText('Within office hours: call the service desk.')).toBeInTheDocument();
    unmount();
    renderWithProviders(<Confirmation projectNumber={10043} onClose={() => undefined} />);
    expect(screen.queryByText('Phone it in now:')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
