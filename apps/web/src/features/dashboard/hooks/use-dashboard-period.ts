import { useState } from 'react';
import { useToday } from '@/lib/auth/use-today';
import { readStoredPeriod, storePeriod, type DashboardPeriod } from '../utils/dashboard-period';

/**
 * The dashboard's period, remembered on the device, and today in the user's time zone, which
 * the presets count from.
 */
export function useDashboardPeriod() {
  const today = useToday();
  const [period, setPeriod] = useState<DashboardPeriod>(readStoredPeriod);
  function choosePeriod(next: DashboardPeriod) {
    storePeriod(next);
    setPeriod(next);
  }
  return { period, choosePeriod, today };
}
