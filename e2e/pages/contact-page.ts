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

  /**
   * Clicks an FAQ question as a person would: scrolled to first, clicked once the page has drawn
   * that scroll. Left to click(), Playwright scrolls the question into view within the frame of
   * its click, and Chromium could drop the smooth scroll to the top that the click starts (CI,
   * session 19: the page stayed where Playwright had put it).
   */
  async clickFaqQuestion(question: Locator): Promise<void> {
    await question.scrollIntoViewIfNeeded();
    await this.page.evaluate(
      () => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))),
    );
    await question.click();
  }

  async scrollY(): Promise<number> {
    return this.page.evaluate(() => window.scrollY);
  }
}
