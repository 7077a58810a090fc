import { expect, type Locator, type Page } from '@playwright/test';

export class RegisterPage {
  readonly heading: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Create Account' });
    this.email = page.getByLabel('Email');
    this.password = page.getByLabel('Password', { exact: true });
    this.submit = page.getByRole('button', { name: 'Create Account' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/register');
    await expect(this.heading).toBeVisible();
  }

  async register(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }

  requirement(label: string): Locator {
    return this.page
      .getByRole('list', { name: 'Password requirements' })
      .getByRole('listitem')
      .filter({ hasText: label });
  }

  strengthMeter(): Locator {
    return this.page.getByRole('meter', { name: 'Password strength' });
  }
}
