// The SVG files of country-flag-icons (vite.config.ts's @flags alias), each its own hashed file:
// no JavaScript for them, and a flag is fetched only where it is shown. `no-inline` keeps Vite
// from turning these small files into data URLs inside the bundle.
import AU from '@flags/AU.svg?no-inline';
import CA from '@flags/CA.svg?no-inline';
import EU from '@flags/EU.svg?no-inline';
import GB from '@flags/GB.svg?no-inline';
import IN from '@flags/IN.svg?no-inline';
import JP from '@flags/JP.svg?no-inline';
import US from '@flags/US.svg?no-inline';

const FLAGS: Partial<Record<string, string>> = {
  USD: US,
  EUR: EU,
  GBP: GB,
  JPY: JP,
  CAD: CA,
  AUD: AU,
  INR: IN,
};

/**
 * A currency's flag as a bundled SVG (emoji flags show as boxes or letters on many systems).
 * Decorative (alt=""), since the code or name is always beside it; 3:2 like the files. Only the
 * original seven have one: the catalogue's others get an empty space of the same size, so that
 * codes stay in one column (a flag file each would weigh on every page that lists them).
 */
export function CurrencyFlag({
  code,
  width = 24,
  className = '',
  loading,
}: {
  code: string;
  width?: number;
  className?: string;
  /** 'lazy' for a flag in a closed list: it is fetched when the list first opens. */
  loading?: 'lazy';
}) {
  const flag = FLAGS[code];
  if (!flag) {
    return (
      <span
        aria-hidden="true"
        // The lists' size (24 × 16): the setup's larger flags are all of the seven.
        className={`h-4 w-6 shrink-0 rounded-[2px] bg-neutral-200 dark:bg-neutral-700 ${className}`}
      />
    );
  }
  return (
    <img
      src={flag}
      loading={loading}
      alt=""
      width={width}
      height={(width * 2) / 3}
      // A hairline keeps the white parts of a flag (Japan, England) apart from a white page.
      className={`shrink-0 rounded-[2px] shadow-[0_0_0_1px_rgb(0_0_0/0.12)] dark:shadow-[0_0_0_1px_rgb(255_255_255/0.2)] ${className}`}
    />
  );
}
