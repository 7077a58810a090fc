// `node scripts/lighthouse-locales.mjs` (after `npm run build`): Lighthouse's accessibility
// score of the signed-in screens at 360 px in German and Japanese (docs/i18n.md, Browser
// checks), for a user with a little of everything. Prints each screen's score and the audits
// that cost points; exits non-zero when one is below 100. LIGHTHOUSE_PATHS=/reports,/rates and
// LIGHTHOUSE_LOCALES=de-DE narrow it; `:accountId` in a path is the seeded checking account.
import { chromium } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumPath } from './chromium-path.mjs';
import { freePort, signInPage, startServer } from './seeded-server.mjs';

const PATHS = (
  process.env.LIGHTHOUSE_PATHS ??
  '/dashboard,/transactions,/reports,/rates,/budgets,/accounts,/accounts/:accountId,/settings'
).split(',');
const LOCALES = (process.env.LIGHTHOUSE_LOCALES ?? 'de-DE,ja-JP').split(',');
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'];

async function api(base, method, path, body, token) {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
  return response.json();
}

/**
 * A user in `locale` with transactions in built-in categories over two months, in a checking
 * account (whose register is one of the screens).
 */
async function seed(base, locale) {
  const email = `lighthouse-${locale}-${Date.now()}@moneta.dev`;
  const { token } = await api(base, 'POST', '/auth/signup', { email, password: 'Secr3t!pass' });
  const user = await api(base, 'PUT', '/auth/setup', { defaultCurrency: 'EUR', locale }, token);
  const account = await api(
    base,
    'POST',
    '/accounts',
    { name: 'Checking', type: 'checking', openingBalance: 1200 },
    token,
  );
  const day = 86_400_000;
  const categories = ['Groceries', 'Transportation', 'Shopping', 'Bills', 'Entertainment'];
  for (let index = 0; index < 40; index += 1) {
    await api(
      base,
      'POST',
      '/transactions',
      {
        name: `Shop ${index}`,
        category: index % 10 === 0 ? 'Salary' : categories[index % categories.length],
        cost: index % 10 === 0 ? 2500 : 10 + index * 3.35,
        isIncome: index % 10 === 0,
        addedOn: new Date(Date.now() - index * 1.5 * day).toISOString().slice(0, 10),
        note: '',
        accountId: account._id,
      },
      token,
    );
  }
  return { accountId: account._id, token, lastUser: JSON.stringify(user) };
}

const port = await freePort();
const { child: server, base } = await startServer(port);
let isBelow = false;
try {
  for (const locale of LOCALES) {
    const { accountId, ...storage } = await seed(base, locale);
    for (const pattern of PATHS) {
      const path = pattern.replace(':accountId', accountId);
      const chrome = await launch({ chromePath: chromiumPath(), chromeFlags: FLAGS });
      try {
        const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
        const page = await browser.contexts()[0].newPage();
        await page.goto(`${base}/favicon-light.svg`);
        await signInPage(page, storage);
        await page.close();
        const result = await lighthouse(`${base}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['accessibility'],
          disableStorageReset: true,
          formFactor: 'mobile',
          screenEmulation: { mobile: true, width: 360, height: 780, deviceScaleFactor: 2 },
        });
        const { lhr } = result;
        const score = Math.round((lhr.categories.accessibility.score ?? 0) * 100);
        const failing = lhr.categories.accessibility.auditRefs
          .filter(
            (ref) =>
              ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1,
          )
          .map((ref) => {
            const items = lhr.audits[ref.id].details?.items ?? [];
            return `${ref.id}: ${items
              .slice(0, 3)
              .map((item) => item.node?.snippet ?? '')
              .join(' | ')}`;
          });
        if (score < 100) isBelow = true;
        console.log(
          `${locale} ${path} accessibility ${score}${failing.length ? `\n  ${failing.join('\n  ')}` : ''}`,
        );
      } finally {
        chrome.kill();
      }
    }
  }
} finally {
  server.kill('SIGTERM');
}
process.exit(isBelow ? 1 : 0);
