import { expect, test } from '@playwright/test';
import { ContactPage } from './pages/contact-page';

test('the success banner shows for 5 seconds, then the form clears', async ({ page }) => {
  await page.clock.install();
  const contact = new ContactPage(page);
  await contact.goto();

  await contact.name.fill('Ada Lovelace');
  await contact.email.fill('ada@moneta.dev');
  await contact.inquiryType.selectOption('technical');
  await contact.subject.fill('Receipts');
  await contact.message.fill('How do I scan a receipt?');
  await contact.submit.click();

  await expect(contact.banner).toBeVisible();
  await expect(contact.name).toHaveValue('Ada Lovelace');

  await page.clock.runFor(4_000);
  await expect(contact.banner).toBeVisible();

  await page.clock.runFor(1_500);
  await expect(contact.banner).toBeHidden();
  await expect(contact.name).toHaveValue('');
  await expect(contact.email).toHaveValue('');
  await expect(contact.inquiryType).toHaveValue('general');
  await expect(contact.subject).toHaveValue('');
  await expect(contact.message).toHaveValue('');
});

test('required fields are checked and one FAQ answer is open at a time', async ({ page }) => {
  const contact = new ContactPage(page);
  await contact.goto();
  await contact.submit.click();
  await expect(page.getByText('Please enter your name.')).toBeVisible();
  await expect(contact.banner).toBeHidden();

  const free = contact.faqQuestion('Is Moneta free to use?');
  const receipts = contact.faqQuestion('How does receipt scanning work?');
  await contact.clickFaqQuestion(free);
  await expect(free).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(() => contact.scrollY()).toBe(0);
  await contact.clickFaqQuestion(receipts);
  await expect(receipts).toHaveAttribute('aria-expanded', 'true');
  await expect(free).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText(/reads receipts on your own server/)).toBeVisible();
  await expect.poll(() => contact.scrollY()).toBe(0);
});
