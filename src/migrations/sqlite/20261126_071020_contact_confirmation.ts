import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`forms\` ADD \`sent_note\` text DEFAULT 'Sent at {time}. We answer within one business day.';`)
  await db.run(sql`ALTER TABLE \`forms\` ADD \`thank_you_page_id\` integer REFERENCES pages(id);`)
  await db.run(sql`ALTER TABLE \`forms\` ADD \`confirmation_subject\` text DEFAULT 'We received your request — {business}';`)
  await db.run(sql`ALTER TABLE \`forms\` ADD \`confirmation_text\` text DEFAULT 'Hello {name}, thank you for writing to {business}. Your request reached us, and a member of our team will answer within one business day.';`)
  await db.run(sql`CREATE INDEX \`forms_thank_you_page_idx\` ON \`forms\` (\`thank_you_page_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_forms\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`title\` text NOT NULL,
  	\`submit_label\` text DEFAULT 'Send message',
  	\`success_message\` text DEFAULT 'Thank you. Your message has been sent.',
  	\`captcha\` integer DEFAULT true,
  	\`send_confirmation\` integer DEFAULT false,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`INSERT INTO \`__new_forms\`("id", "title", "submit_label", "success_message", "captcha", "send_confirmation", "updated_at", "created_at") SELECT "id", "title", "submit_label", "success_message", "captcha", "send_confirmation", "updated_at", "created_at" FROM \`forms\`;`)
  await db.run(sql`DROP TABLE \`forms\`;`)
  await db.run(sql`ALTER TABLE \`__new_forms\` RENAME TO \`forms\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`forms_updated_at_idx\` ON \`forms\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`forms_created_at_idx\` ON \`forms\` (\`created_at\`);`)
}
