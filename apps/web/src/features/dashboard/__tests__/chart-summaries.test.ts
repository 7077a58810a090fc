import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale, i18n } from '@/lib/i18n/i18n';
import { localeFormat } from '@/lib/i18n/locale-format';
import { categorySummary, seriesSummary } from '../components/chart-summaries';

// Intl writes some spaces as no-break ones (U+00A0, U+202F); compared as plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const SERIES = [
  { date: '2026-03-01', total: 0 },
  { date: '2026-03-02', total: 40 },
  { date: '2026-03-03', total: 1200.5 },
];

describe('chart summaries for screen readers', () => {
  afterEach(() => changeLocale('en-US'));

  it('says the figures in English as before', () => {
    const format = localeFormat('en-US');
    expect(
      categorySummary(
        [
          { name: 'Food', total: 75 },
          { name: 'Bills', total: 25 },
        ],
        'USD',
        i18n.t,
        format,
      ),
    ).toBe('Expenses by category, $100.00 in total: Food $75.00 (75%), Bills $25.00 (25%).');
    // 40 + 1200.50 over the two active days; the largest is the 3rd.
    expect(seriesSummary('Income', SERIES, 'USD', i18n.t, format)).toBe(
      'Income from Mar 1, 2026 to Mar 3, 2026: $1,240.50 in total over 2 days; largest $1,200.50 on Mar 3, 2026.',
    );
    expect(seriesSummary('Income', SERIES.slice(0, 1), 'USD', i18n.t, format)).toBe(
      'Income from Mar 1, 2026 to Mar 1, 2026: nothing recorded.',
    );
  });

  it('says them in German with German amounts and dates', async () => {
    await changeLocale('de-DE');
    const format = localeFormat('de-DE');
    expect(plain(seriesSummary('Einnahmen', SERIES, 'EUR', i18n.t, format))).toBe(
      'Einnahmen vom 01.03.2026 bis 03.03.2026: insgesamt 1.240,50 € an 2 Tagen; am höchsten 1.200,50 € am 03.03.2026.',
    );
    expect(plain(categorySummary([{ name: 'Miete', total: 10 }], 'EUR', i18n.t, format))).toBe(
      'Ausgaben nach Kategorie, insgesamt 10,00 €: Miete 10,00 € (100 %).',
    );
  });

  it('says them in Japanese', async () => {
    await changeLocale('ja-JP');
    const format = localeFormat('ja-JP');
    expect(seriesSummary('収入', SERIES, 'JPY', i18n.t, format)).toBe(
      '収入（2026/03/01～2026/03/03）：2日間で合計 ￥1,241。最大は 2026/03/03 の ￥1,201。',
    );
  });
});
