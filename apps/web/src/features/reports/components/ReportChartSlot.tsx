import { lazy, Suspense, type ComponentProps } from 'react';
import { Skeleton } from '@/components/ui/Skeleton';
import { useNearViewport } from '@/hooks/use-near-viewport';
// Types only: chart.js comes in its own chunk, when the first chart is drawn.
import type { ReportChart as ReportChartType } from './report-charts';

const ReportChart = lazy(async () => ({ default: (await import('./report-charts')).ReportChart }));

/**
 * A report's chart, a skeleton of its size until it comes into view and chart.js has loaded: on
 * a phone every chart is below the fold, and drawing the four at once was seconds of main thread
 * before the page answered (docs/benchmarks.md, Lighthouse).
 */
export function ReportChartSlot(props: ComponentProps<typeof ReportChartType>) {
  const [ref, isInView] = useNearViewport<HTMLDivElement>();
  const skeleton = <Skeleton className="h-72 w-full" />;
  return (
    <div ref={ref}>
      {isInView ? (
        <Suspense fallback={skeleton}>
          <ReportChart {...props} />
        </Suspense>
      ) : (
        skeleton
      )}
    </div>
  );
}
