import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`appearance_logo_id\` integer REFERENCES media(id);`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`appearance_primary_colour\` text;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`appearance_accent_colour\` text;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`appearance_font_pairing\` text DEFAULT 'classic';`)
  await db.run(sql`CREATE INDEX \`site_settings_appearance_appearance_logo_idx\` ON \`site_settings\` (\`appearance_logo_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_site_settings\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`business_name\` text NOT NULL,
  	\`business_title_template\` text DEFAULT '{page} | {site}',
  	\`business_tagline\` text,
  	\`business_state\` text DEFAULT 'Ohio' NOT NULL,
  	\`business_phone\` text,
  	\`business_email\` text,
  	\`business_address_street\` text,
  	\`business_address_city\` text,
  	\`business_address_region\` text,
  	\`business_address_postal_code\` text,
  	\`business_hours_note\` text,
  	\`contact_from_address\` text,
  	\`captcha_provider\` text DEFAULT 'altcha',
  	\`captcha_site_key\` text,
  	\`captcha_secret_key\` text,
  	\`captcha_hold_without_java_script\` integer DEFAULT true,
  	\`chat_provider\` text DEFAULT 'builtin',
  	\`chat_license\` text,
  	\`chat_group\` numeric DEFAULT 0,
  	\`chat_region\` text,
  	\`chat_default_widget\` text DEFAULT 'chat',
  	\`chat_language\` text DEFAULT 'en',
  	\`chat_license_expires_at\` text,
  	\`chat_retention_days\` numeric,
  	\`chat_idle_end_minutes\` numeric DEFAULT 30,
  	\`chat_left_queue_minutes\` numeric DEFAULT 5,
  	\`analytics_first_party\` integer DEFAULT true,
  	\`analytics_gtm_id\` text,
  	\`analytics_ga4_id\` text,
  	\`analytics_clarity_id\` text,
  	\`analytics_hotjar_id\` text,
  	\`analytics_region_header\` text DEFAULT 'x-visitor-region',
  	\`analytics_banner_text\` text,
  	\`analytics_tag_origins_google\` text,
  	\`analytics_tag_origins_clarity\` text,
  	\`analytics_tag_origins_hotjar\` text,
  	\`appearance_header_z_index\` numeric DEFAULT 1000,
  	\`updated_at\` text,
  	\`created_at\` text
  );
  `)
  await db.run(sql`INSERT INTO \`__new_site_settings\`("id", "business_name", "business_title_template", "business_tagline", "business_state", "business_phone", "business_email", "business_address_street", "business_address_city", "business_address_region", "business_address_postal_code", "business_hours_note", "contact_from_address", "captcha_provider", "captcha_site_key", "captcha_secret_key", "captcha_hold_without_java_script", "chat_provider", "chat_license", "chat_group", "chat_region", "chat_default_widget", "chat_language", "chat_license_expires_at", "chat_retention_days", "chat_idle_end_minutes", "chat_left_queue_minutes", "analytics_first_party", "analytics_gtm_id", "analytics_ga4_id", "analytics_clarity_id", "analytics_hotjar_id", "analytics_region_header", "analytics_banner_text", "analytics_tag_origins_google", "analytics_tag_origins_clarity", "analytics_tag_origins_hotjar", "appearance_header_z_index", "updated_at", "created_at") SELECT "id", "business_name", "business_title_template", "business_tagline", "business_state", "business_phone", "business_email", "business_address_street", "business_address_city", "business_address_region", "business_address_postal_code", "business_hours_note", "contact_from_address", "captcha_provider", "captcha_site_key", "captcha_secret_key", "captcha_hold_without_java_script", "chat_provider", "chat_license", "chat_group", "chat_region", "chat_default_widget", "chat_language", "chat_license_expires_at", "chat_retention_days", "chat_idle_end_minutes", "chat_left_queue_minutes", "analytics_first_party", "analytics_gtm_id", "analytics_ga4_id", "analytics_clarity_id", "analytics_hotjar_id", "analytics_region_header", "analytics_banner_text", "analytics_tag_origins_google", "analytics_tag_origins_clarity", "analytics_tag_origins_hotjar", "appearance_header_z_index", "updated_at", "created_at" FROM \`site_settings\`;`)
  await db.run(sql`DROP TABLE \`site_settings\`;`)
  await db.run(sql`ALTER TABLE \`__new_site_settings\` RENAME TO \`site_settings\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
}
