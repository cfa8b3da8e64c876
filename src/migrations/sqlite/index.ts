import * as migration_20261122_042143_initial from './20261122_042143_initial';
import * as migration_20261122_132546_chat from './20261122_132546_chat';

export const migrations = [
  {
    up: migration_20261122_042143_initial.up,
    down: migration_20261122_042143_initial.down,
    name: '20261122_042143_initial',
  },
  {
    up: migration_20261122_132546_chat.up,
    down: migration_20261122_132546_chat.down,
    name: '20261122_132546_chat'
  },
];
