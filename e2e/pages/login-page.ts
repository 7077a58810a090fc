import { expect, type Locator, type Page } from '@playwright/test';

export class LoginPage {
  readonly heading: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;
  readonly code: Locator;
  readonly verify: Locator;
  readonly passkeyButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Welcome Back' });
    this.email = page.getByLabel('Email');
    this.password = page.getByLabel('Password', { exact: true });
    this.submit = page.getByRole('button', { name: 'Sign In', exact: true });
    // The inline red box inside the form (toasts live in their own region).
    this.error = page.getByRole('main').getByRole('alert');
    // The two-factor step, after the password.
    this.code = page.getByLabel('Code', { exact: true });
    this.verify = page.getByRole('button', { name: 'Verify' });
    this.passkeyButton = page.getByRole('button', { name: 'Sign in with a passkey' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/login');
    await expect(this.heading).toBeVisible();
  }

  async login(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }

  /** The two-factor step: a code from the app or a backup code. */
  async enterCode(code: string): Promise<void> {
    await expect(
      this.page.getByText('Enter the 6-digit code from your authenticator app, or a backup code.'),
    ).toBeVisible();
    await this.code.fill(code);
    await this.verify.click();
  }
}
