import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import {
  RedirectIfSignedIn,
  RequireAuth,
  RequireSetup,
} from '@/features/auth/components/RouteGuards';

/**
 * Every page is its own chunk, and the protected area's shell another, so a visitor of the
 * public pages never downloads the app (or chart.js, which only the dashboard will use).
 */
function page<Module extends Record<Name, ComponentType>, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const Landing = page(() => import('./routes/landing'), 'LandingRoute');
const Contact = page(() => import('./routes/contact'), 'ContactRoute');
const Login = page(() => import('./routes/auth/login'), 'LoginRoute');
const Register = page(() => import('./routes/auth/register'), 'RegisterRoute');
const Setup = page(() => import('./routes/setup'), 'SetupRoute');
const AppRoot = page(() => import('./routes/app/root'), 'AppRoot');
const Dashboard = page(() => import('./routes/app/dashboard'), 'DashboardRoute');
const Transactions = page(() => import('./routes/app/transactions'), 'TransactionsRoute');
const Accounts = page(() => import('./routes/app/accounts'), 'AccountsRoute');
const Account = page(() => import('./routes/app/account'), 'AccountRoute');
const Receipts = page(() => import('./routes/app/receipts'), 'ReceiptsRoute');
const Import = page(() => import('./routes/app/import'), 'ImportRoute');
const Rules = page(() => import('./routes/app/rules'), 'RulesRoute');
const Settings = page(() => import('./routes/app/settings'), 'SettingsRoute');
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
  {
    element: <RequireAuth />,
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
              { path: paths.accounts, element: <Accounts /> },
              { path: paths.account, element: <Account /> },
              { path: paths.receipts, element: <Receipts /> },
              { path: paths.import, element: <Import /> },
              { path: paths.rules, element: <Rules /> },
              { path: paths.settings, element: <Settings /> },
              { path: paths.budgets, element: <Budgets /> },
              { path: paths.recurringTransactions, element: <RecurringTransactions /> },
            ],
          },
        ],
      },
    ],
  },
  { path: '*', element: <NotFound /> },
];
