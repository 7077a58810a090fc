import { lazy, Suspense, type ComponentProps } from 'react';
import { Skeleton } from '@/components/ui/Skeleton';
// Types only: chart.js comes in its own chunk, when the first chart is drawn.
import type { ReportChart as ReportChartType } from './report-charts';

const ReportChart = lazy(async () => ({ default: (await import('./report-charts')).ReportChart }));

/** A report's chart, a skeleton of its size until chart.js has loaded. */
export function ReportChartSlot(props: ComponentProps<typeof ReportChartType>) {
  return (
    <Suspense fallback={<Skeleton className="h-72 w-full" />}>
      <ReportChart {...props} />
    </Suspense>
  );
}
