import * as migration_20261122_042143_initial from './20261122_042143_initial';

export const migrations = [
  {
    up: migration_20261122_042143_initial.up,
    down: migration_20261122_042143_initial.down,
    name: '20261122_042143_initial'
  },
];
