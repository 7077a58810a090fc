import { expect, type Locator, type Page } from '@playwright/test';

export class ContactPage {
  readonly heading: Locator;
  readonly name: Locator;
  readonly email: Locator;
  readonly inquiryType: Locator;
  readonly subject: Locator;
  readonly message: Locator;
  readonly submit: Locator;
  readonly banner: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Contact us' });
    this.name = page.getByLabel('Name', { exact: true });
    this.email = page.getByLabel('Email', { exact: true });
    this.inquiryType = page.getByLabel('Inquiry type', { exact: true });
    this.subject = page.getByLabel('Subject', { exact: true });
    this.message = page.getByLabel('Message', { exact: true });
    this.submit = page.getByRole('button', { name: 'Send Message' });
    this.banner = page.getByRole('status').filter({ hasText: 'Thank you for reaching out!' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/contact');
    await expect(this.heading).toBeVisible();
  }

  faqQuestion(question: string): Locator {
    return this.page.getByRole('button', { name: question });
  }
}
