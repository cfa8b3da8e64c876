import * as migration_20261122_042330_initial from './20261122_042330_initial';
import * as migration_20261122_143535_features from './20261122_143535_features';
import * as migration_20261122_165552_session_two from './20261122_165552_session_two';
import * as migration_20261124_141427_editing from './20261124_141427_editing';
import * as migration_20261124_184030_business from './20261124_184030_business';
import * as migration_20261125_211211_chat_transcript_address from './20261125_211211_chat_transcript_address';
import * as migration_20261126_062037_upload_storage_fields from './20261126_062037_upload_storage_fields';
import * as migration_20261126_065813_chat_upkeep from './20261126_065813_chat_upkeep';
import * as migration_20261126_071032_contact_confirmation from './20261126_071032_contact_confirmation';
import * as migration_20261126_093418_pages_trash from './20261126_093418_pages_trash';
import * as migration_20261126_125648_pages_autosave from './20261126_125648_pages_autosave';
import * as migration_20261129_043557_delivery_outbox from './20261129_043557_delivery_outbox';
import * as migration_20261129_043703_user_display_name from './20261129_043703_user_display_name';
import * as migration_20261129_050000_page_titles_without_name from './20261129_050000_page_titles_without_name';
import * as migration_20261129_050719_contact_confirmation_skipped from './20261129_050719_contact_confirmation_skipped';
import * as migration_20261129_075556_agent_photo from './20261129_075556_agent_photo';
import * as migration_20261129_084232_page_title_pattern from './20261129_084232_page_title_pattern';
import * as migration_20261129_111954_posts from './20261129_111954_posts';
import * as migration_20261129_121514_page_blocks_image_gallery_video_columns from './20261129_121514_page_blocks_image_gallery_video_columns';
import * as migration_20261129_123111_brand_appearance from './20261129_123111_brand_appearance';

export const migrations = [
  {
    up: migration_20261122_042330_initial.up,
    down: migration_20261122_042330_initial.down,
    name: '20261122_042330_initial',
  },
  {
    up: migration_20261122_143535_features.up,
    down: migration_20261122_143535_features.down,
    name: '20261122_143535_features',
  },
  {
    up: migration_20261122_165552_session_two.up,
    down: migration_20261122_165552_session_two.down,
    name: '20261122_165552_session_two',
  },
  {
    up: migration_20261124_141427_editing.up,
    down: migration_20261124_141427_editing.down,
    name: '20261124_141427_editing',
  },
  {
    up: migration_20261124_184030_business.up,
    down: migration_20261124_184030_business.down,
    name: '20261124_184030_business',
  },
  {
    up: migration_20261125_211211_chat_transcript_address.up,
    down: migration_20261125_211211_chat_transcript_address.down,
    name: '20261125_211211_chat_transcript_address',
  },
  {
    up: migration_20261126_062037_upload_storage_fields.up,
    down: migration_20261126_062037_upload_storage_fields.down,
    name: '20261126_062037_upload_storage_fields',
  },
  {
    up: migration_20261126_065813_chat_upkeep.up,
    down: migration_20261126_065813_chat_upkeep.down,
    name: '20261126_065813_chat_upkeep',
  },
  {
    up: migration_20261126_071032_contact_confirmation.up,
    down: migration_20261126_071032_contact_confirmation.down,
    name: '20261126_071032_contact_confirmation',
  },
  {
    up: migration_20261126_093418_pages_trash.up,
    down: migration_20261126_093418_pages_trash.down,
    name: '20261126_093418_pages_trash',
  },
  {
    up: migration_20261126_125648_pages_autosave.up,
    down: migration_20261126_125648_pages_autosave.down,
    name: '20261126_125648_pages_autosave',
  },
  {
    up: migration_20261129_043557_delivery_outbox.up,
    down: migration_20261129_043557_delivery_outbox.down,
    name: '20261129_043557_delivery_outbox',
  },
  {
    up: migration_20261129_043703_user_display_name.up,
    down: migration_20261129_043703_user_display_name.down,
    name: '20261129_043703_user_display_name',
  },
  {
    up: migration_20261129_050000_page_titles_without_name.up,
    down: migration_20261129_050000_page_titles_without_name.down,
    name: '20261129_050000_page_titles_without_name',
  },
  {
    up: migration_20261129_050719_contact_confirmation_skipped.up,
    down: migration_20261129_050719_contact_confirmation_skipped.down,
    name: '20261129_050719_contact_confirmation_skipped',
  },
  {
    up: migration_20261129_075556_agent_photo.up,
    down: migration_20261129_075556_agent_photo.down,
    name: '20261129_075556_agent_photo',
  },
  {
    up: migration_20261129_084232_page_title_pattern.up,
    down: migration_20261129_084232_page_title_pattern.down,
    name: '20261129_084232_page_title_pattern',
  },
  {
    up: migration_20261129_111954_posts.up,
    down: migration_20261129_111954_posts.down,
    name: '20261129_111954_posts',
  },
  {
    up: migration_20261129_121514_page_blocks_image_gallery_video_columns.up,
    down: migration_20261129_121514_page_blocks_image_gallery_video_columns.down,
    name: '20261129_121514_page_blocks_image_gallery_video_columns',
  },
  {
    up: migration_20261129_123111_brand_appearance.up,
    down: migration_20261129_123111_brand_appearance.down,
    name: '20261129_123111_brand_appearance'
  },
];
