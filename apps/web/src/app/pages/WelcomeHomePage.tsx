import { HomeDashboard } from '../../features/dashboard/components/HomeDashboard.tsx';
import { WelcomePage } from '../../features/welcome/pages/WelcomePage.tsx';

/** `/` for chain-admins, directors, store managers and technicians: the welcome page with the figures panel. */
export function WelcomeHomePage() {
  return <WelcomePage dashboard={<HomeDashboard />} />;
}
