import * as migration_20261122_042330_initial from './20261122_042330_initial';
import * as migration_20261122_132450_chat from './20261122_132450_chat';

export const migrations = [
  {
    up: migration_20261122_042330_initial.up,
    down: migration_20261122_042330_initial.down,
    name: '20261122_042330_initial',
  },
  {
    up: migration_20261122_132450_chat.up,
    down: migration_20261122_132450_chat.down,
    name: '20261122_132450_chat'
  },
];
