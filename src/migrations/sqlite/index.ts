import * as migration_20261122_042143_initial from './20261122_042143_initial';
import * as migration_20261122_143525_features from './20261122_143525_features';
import * as migration_20261122_165546_session_two from './20261122_165546_session_two';
import * as migration_20261124_141340_editing from './20261124_141340_editing';
import * as migration_20261124_184018_business from './20261124_184018_business';
import * as migration_20261125_211206_chat_transcript_address from './20261125_211206_chat_transcript_address';
import * as migration_20261126_062025_upload_storage_fields from './20261126_062025_upload_storage_fields';
import * as migration_20261126_065756_chat_upkeep from './20261126_065756_chat_upkeep';
import * as migration_20261126_071020_contact_confirmation from './20261126_071020_contact_confirmation';
import * as migration_20261126_093407_pages_trash from './20261126_093407_pages_trash';
import * as migration_20261126_125636_pages_autosave from './20261126_125636_pages_autosave';
import * as migration_20261129_043653_user_display_name from './20261129_043653_user_display_name';
import * as migration_20261129_050000_page_titles_without_name from './20261129_050000_page_titles_without_name';
import * as migration_20261129_050711_contact_confirmation_skipped from './20261129_050711_contact_confirmation_skipped';
import * as migration_20261129_075545_agent_photo from './20261129_075545_agent_photo';
import * as migration_20261129_084212_page_title_pattern from './20261129_084212_page_title_pattern';
import * as migration_20261129_111918_posts from './20261129_111918_posts';
import * as migration_20261129_121459_page_blocks_image_gallery_video_columns from './20261129_121459_page_blocks_image_gallery_video_columns';
import * as migration_20261129_123056_brand_appearance from './20261129_123056_brand_appearance';

export const migrations = [
  {
    up: migration_20261122_042143_initial.up,
    down: migration_20261122_042143_initial.down,
    name: '20261122_042143_initial',
  },
  {
    up: migration_20261122_143525_features.up,
    down: migration_20261122_143525_features.down,
    name: '20261122_143525_features',
  },
  {
    up: migration_20261122_165546_session_two.up,
    down: migration_20261122_165546_session_two.down,
    name: '20261122_165546_session_two',
  },
  {
    up: migration_20261124_141340_editing.up,
    down: migration_20261124_141340_editing.down,
    name: '20261124_141340_editing',
  },
  {
    up: migration_20261124_184018_business.up,
    down: migration_20261124_184018_business.down,
    name: '20261124_184018_business',
  },
  {
    up: migration_20261125_211206_chat_transcript_address.up,
    down: migration_20261125_211206_chat_transcript_address.down,
    name: '20261125_211206_chat_transcript_address',
  },
  {
    up: migration_20261126_062025_upload_storage_fields.up,
    down: migration_20261126_062025_upload_storage_fields.down,
    name: '20261126_062025_upload_storage_fields',
  },
  {
    up: migration_20261126_065756_chat_upkeep.up,
    down: migration_20261126_065756_chat_upkeep.down,
    name: '20261126_065756_chat_upkeep',
  },
  {
    up: migration_20261126_071020_contact_confirmation.up,
    down: migration_20261126_071020_contact_confirmation.down,
    name: '20261126_071020_contact_confirmation',
  },
  {
    up: migration_20261126_093407_pages_trash.up,
    down: migration_20261126_093407_pages_trash.down,
    name: '20261126_093407_pages_trash',
  },
  {
    up: migration_20261126_125636_pages_autosave.up,
    down: migration_20261126_125636_pages_autosave.down,
    name: '20261126_125636_pages_autosave',
  },
  {
    up: migration_20261129_043653_user_display_name.up,
    down: migration_20261129_043653_user_display_name.down,
    name: '20261129_043653_user_display_name',
  },
  {
    up: migration_20261129_050000_page_titles_without_name.up,
    down: migration_20261129_050000_page_titles_without_name.down,
    name: '20261129_050000_page_titles_without_name',
  },
  {
    up: migration_20261129_050711_contact_confirmation_skipped.up,
    down: migration_20261129_050711_contact_confirmation_skipped.down,
    name: '20261129_050711_contact_confirmation_skipped',
  },
  {
    up: migration_20261129_075545_agent_photo.up,
    down: migration_20261129_075545_agent_photo.down,
    name: '20261129_075545_agent_photo',
  },
  {
    up: migration_20261129_084212_page_title_pattern.up,
    down: migration_20261129_084212_page_title_pattern.down,
    name: '20261129_084212_page_title_pattern',
  },
  {
    up: migration_20261129_111918_posts.up,
    down: migration_20261129_111918_posts.down,
    name: '20261129_111918_posts',
  },
  {
    up: migration_20261129_121459_page_blocks_image_gallery_video_columns.up,
    down: migration_20261129_121459_page_blocks_image_gallery_video_columns.down,
    name: '20261129_121459_page_blocks_image_gallery_video_columns',
  },
  {
    up: migration_20261129_123056_brand_appearance.up,
    down: migration_20261129_123056_brand_appearance.down,
    name: '20261129_123056_brand_appearance'
  },
];
