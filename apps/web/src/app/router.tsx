import type { QueryClient } from '@tanstack/react-query';
import { lazy, useState, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { loadQueryClient } from '@/lib/app-query-client';
import { loadMessageGroup } from '@/lib/i18n/current';
import type { MessageGroup } from '@/lib/i18n/message-groups';
import { nextTask } from '@/lib/next-task';
import { getToken } from '@/lib/token';
import {
  RedirectIfSignedIn,
  RequireAuth,
  RequireSetup,
} from '@/features/auth/components/RouteGuards';
import { QueryClientRoute } from './query-client-route';

/**
 * What a route module may export besides its page: `prefetch` starts the requests of the data
 * its page shows and settles when they have (prefetchQuery never rejects), so that they go out
 * as soon as the code is in rather than from the first render's effects.
 */
type RouteModule = { prefetch?: (queryClient: QueryClient) => Promise<unknown> };

/** A page component whose code, and data, can be fetched ahead of its first render. */
type Page = ComponentType & {
  preload: () => Promise<ComponentType>;
  prefetch: () => Promise<unknown>;
};

/**
 * Every page is its own chunk, and the protected area's shell another, so a visitor of the
 * public pages never downloads the app (or chart.js, which only the dashboard will use).
 * A page whose code is already in when it mounts (preloadPage) renders at once; otherwise it
 * suspends, and the app's Suspense shows a spinner until its chunk arrives.
 */
function page<Module extends Record<Name, ComponentType> & RouteModule, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
  area: 'public' | 'app' = 'public',
  /** Messages of its own the page needs besides its area's (lib/i18n/message-groups.ts). */
  ownMessages?: MessageGroup,
): Page {
  let loaded: ComponentType | undefined;
  // A page of the signed-in app renders with the app's messages and its query client, which the
  // public pages are drawn without (lib/i18n/message-groups.ts, lib/app-query-client.ts).
  const preload = async () => {
    const [module] = await Promise.all([
      load(),
      area === 'app' && loadMessageGroup('app'),
      area === 'app' && loadQueryClient(),
      ownMessages && loadMessageGroup(ownMessages),
    ]);
    return (loaded ??= module[name]);
  };
  const prefetch = async () => {
    const module = await load();
    // A public page has no data of its own: TanStack Query is not loaded for it.
    if (module.prefetch) await module.prefetch(await loadQueryClient());
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  function PageComponent() {
    // Decided once per mount: switching from Lazy to the loaded component on a later render
    // would mount the page afresh and lose its state.
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return Object.assign(PageComponent, { preload, prefetch });
}

const Landing = page(() => import('./routes/landing'), 'LandingRoute');
const Contact = page(() => import('./routes/contact'), 'ContactRoute');
const Login = page(() => import('./routes/auth/login'), 'LoginRoute');
const Register = page(() => import('./routes/auth/register'), 'RegisterRoute');
// The signed-in app's shell and the setup page come with the app's messages and query client;
// the build preloads them with the same pages (build/page-preloads.ts, APP_ROUTE_MODULES).
const Setup = page(() => import('./routes/setup'), 'SetupRoute', 'app');
const AppRoot = page(() => import('./routes/app/root'), 'AppRoot', 'app');
const Dashboard = page(() => import('./routes/app/dashboard'), 'DashboardRoute');
const Transactions = page(() => import('./routes/app/transactions'), 'TransactionsRoute');
const Accounts = page(() => import('./routes/app/accounts'), 'AccountsRoute');
const Account = page(() => import('./routes/app/account'), 'AccountRoute');
const Receipts = page(() => import('./routes/app/receipts'), 'ReceiptsRoute');
// Inside the app's shell (which loads the app's messages), with messages of their own.
const Import = page(() => import('./routes/app/import'), 'ImportRoute', 'public', 'imports');
const Rules = page(() => import('./routes/app/rules'), 'RulesRoute');
const Rates = page(() => import('./routes/app/rates'), 'RatesRoute');
const Tags = page(() => import('./routes/app/tags'), 'TagsRoute');
const Trash = page(() => import('./routes/app/trash'), 'TrashRoute');
const Settings = page(() => import('./routes/app/settings'), 'SettingsRoute', 'public', 'settings');
const Household = page(() => import('./routes/app/household'), 'HouseholdRoute');
// Signed in or not: it needs the app's messages and query client either way.
const Join = page(() => import('./routes/join'), 'JoinRoute', 'app');
const Reports = page(() => import('./routes/app/reports'), 'ReportsRoute');
const Budgets = page(() => import('./routes/app/budgets'), 'BudgetsRoute');
const RecurringTransactions = page(
  () => import('./routes/app/recurring-transactions'),
  'RecurringTransactionsRoute',
);
const NotFound = page(() => import('./routes/not-found'), 'NotFoundRoute');

export const routes: RouteObject[] = [
  { path: paths.home, element: <Landing /> },
  { path: paths.contact, element: <Contact /> },
  {
    element: <RedirectIfSignedIn />,
    children: [
      { path: paths.login, element: <Login /> },
      { path: paths.register, element: <Register /> },
    ],
  },
  { element: <QueryClientRoute />, children: [{ path: paths.join, element: <Join /> }] },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <QueryClientRoute />,
        children: [
          { path: paths.setup, element: <Setup /> },
          {
            element: <RequireSetup />,
            children: [
              {
                element: <AppRoot />,
                children: [
                  { path: paths.dashboard, element: <Dashboard /> },
                  { path: paths.transactions, element: <Transactions /> },
                  { path: paths.trash, element: <Trash /> },
                  { path: paths.tags, element: <Tags /> },
                  { path: paths.accounts, element: <Accounts /> },
                  { path: paths.account, element: <Account /> },
                  { path: paths.receipts, element: <Receipts /> },
                  { path: paths.import, element: <Import /> },
                  { path: paths.rules, element: <Rules /> },
                  { path: paths.rates, element: <Rates /> },
                  { path: paths.settings, element: <Settings /> },
                  { path: paths.bankConnections, element: <Settings /> },
                  { path: paths.household, element: <Household /> },
                  { path: paths.reports, element: <Reports /> },
                  { path: paths.budgets, element: <Budgets /> },
                  { path: paths.recurringTransactions, element: <RecurringTransactions /> },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  { path: '*', element: <NotFound /> },
];

/**
 * How long the first render waits for its page's data once the code is in. Drawn with its data,
 * the page is one render; drawn before, every answer arriving mid-render made React draw it all
 * again in one blocking task. Past this, a slow server gets skeletons rather than a blank page.
 */
export const FIRST_DATA_WAIT_MS = 1000;

/**
 * Fetches the code of the pages that draw `pathname` (the shell and the page itself), so that
 * the first render draws them instead of a spinner; given a stored token, also their data
 * (RouteModule.prefetch, into the app's query client), waited for up to `dataWaitMs` after the
 * code.
 * main.tsx awaits it before that render; the build preloads the same chunks from the page's
 * HTML (apps/web/build/page-preloads.ts), so the code is usually in already. Only a signed-in
 * visitor's data is fetched: every page that prefetches is behind sign-in.
 */
export async function preloadPage(
  pathname: string,
  dataWaitMs = FIRST_DATA_WAIT_MS,
): Promise<void> {
  const pages = (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) => {
    const type = (route.element as ReactElement | undefined)?.type as Partial<Page> | undefined;
    return type?.preload && type.prefetch ? [type as Page] : [];
  });
  // One route module at a time, the shell's first, each in a task of its own: the code is
  // evaluated as it is imported, and the shell's and the page's together made one long task
  // (lib/next-task.ts). Each one's data goes out as soon as its code is in.
  const requests: Promise<unknown>[] = [];
  for (const [index, page] of pages.entries()) {
    if (index > 0) await nextTask();
    if (getToken()) requests.push(page.prefetch());
    await page.preload();
  }
  const data = requests.length > 0 ? Promise.all(requests) : undefined;
  // Offline, the requests wait for the network (TanStack Query pauses them): the page is drawn
  // at once from what the device has.
  if (!data || !navigator.onLine) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([data, new Promise((resolve) => (timer = setTimeout(resolve, dataWaitMs)))]);
  clearTimeout(timer);
}
