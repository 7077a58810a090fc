import { SettingsPage } from '@/features/settings/components/SettingsPage';

export function SettingsRoute() {
  return <SettingsPage />;
}
