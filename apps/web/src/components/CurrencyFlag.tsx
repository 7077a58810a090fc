import type { CurrencyCode } from '@moneta/shared';
import AU from 'country-flag-icons/react/3x2/AU';
import CA from 'country-flag-icons/react/3x2/CA';
import EU from 'country-flag-icons/react/3x2/EU';
import GB from 'country-flag-icons/react/3x2/GB';
import IN from 'country-flag-icons/react/3x2/IN';
import JP from 'country-flag-icons/react/3x2/JP';
import US from 'country-flag-icons/react/3x2/US';

// One import a flag: each is its own small module, so only these seven reach the bundle (the
// package's index holds some 260). Emoji flags show as boxes or letters on many systems.
const FLAGS: Record<CurrencyCode, typeof US> = {
  USD: US,
  EUR: EU,
  GBP: GB,
  JPY: JP,
  CAD: CA,
  AUD: AU,
  INR: IN,
};

/** A currency's flag as a bundled SVG; decorative, since the code or name is always beside it. */
export function CurrencyFlag({
  code,
  className = 'h-4 w-6',
}: {
  code: CurrencyCode;
  className?: string;
}) {
  const Flag = FLAGS[code];
  return (
    <Flag
      aria-hidden="true"
      // A hairline keeps the white parts of a flag (Japan, England) visible on a white page.
      className={`shrink-0 rounded-[2px] shadow-[0_0_0_1px_rgb(0_0_0/0.12)] dark:shadow-[0_0_0_1px_rgb(255_255_255/0.2)] ${className}`}
    />
  );
}
