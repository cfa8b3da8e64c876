import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`form_submissions_history\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`action\` text NOT NULL,
  	\`by\` text NOT NULL,
  	\`at\` text NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`form_submissions\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`form_submissions_history_order_idx\` ON \`form_submissions_history\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`form_submissions_history_parent_id_idx\` ON \`form_submissions_history\` (\`_parent_id\`);`)
  await db.run(sql`ALTER TABLE \`form_submissions\` ADD \`handled_at\` text;`)
  await db.run(sql`CREATE INDEX \`form_submissions_handled_at_idx\` ON \`form_submissions\` (\`handled_at\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`form_submissions_history\`;`)
  await db.run(sql`DROP INDEX \`form_submissions_handled_at_idx\`;`)
  await db.run(sql`ALTER TABLE \`form_submissions\` DROP COLUMN \`handled_at\`;`)
}
