import { expect, test, type Page } from '@playwright/test';
import { createUser, signInWithToken } from './support/users';

/**
 * The server's CSP (script-src 'self', no 'unsafe-eval') must hold without a single violation:
 * zod 4 probes `new Function` when its first object schema is built, which Chromium blocks and
 * reports even though zod catches the error. Shared schemas are built with `jitless` set
 * (packages/shared/src/zod.ts), so the probe never runs.
 */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|unsafe-eval|EvalError/i.test(message.text())) {
      violations.push(`console: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => {
    if (/EvalError|Content Security Policy/i.test(error.message)) {
      violations.push(`error: ${error.message}`);
    }
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation(text: string): void })
        .reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}`);
    });
  });
  return violations;
}

/** Lets the page settle: schemas are built as their chunks load, forms parse on input. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

test('the public pages and their forms run without a CSP violation', async ({ page }) => {
  const violations = await watchViolations(page);
  for (const path of ['/', '/login', '/register']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await settle(page);
  }
  // The register form validates with the shared zod schema: make it parse something.
  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await page.getByRole('button', { name: /create account/i }).click();
  await settle(page);
  expect(violations).toEqual([]);
});

test('the dashboard and the transaction form run without a CSP violation', async ({
  page,
  request,
}) => {
  const violations = await watchViolations(page);
  const user = await createUser(request, { label: 'csp' });
  await signInWithToken(page, user.token);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await settle(page);
  await page.goto('/transactions');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await settle(page);
  expect(violations).toEqual([]);
});

// The contact form builds its own schema: with zod from '@moneta/shared/zod', configured first
// in src/main.tsx, it runs no eval probe either.
test('the contact page runs without a CSP violation', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await settle(page);
  expect(violations).toEqual([]);
});
