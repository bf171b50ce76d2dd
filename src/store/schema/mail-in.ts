/** The schema of the mail-in part of the store (../ports/mail-in.ts). */

/** Migration 10: finding an account by its address, and the time of each address's last refusal. */
export const MAIL_IN_MIGRATION = {
  version: 10,
  statements: [
    'CREATE INDEX mail_accounts_address ON mail_accounts (lower(address))',
    'CREATE TABLE mail_in_refusals (address TEXT PRIMARY KEY, answered_at {time} NOT NULL)',
  ],
};
