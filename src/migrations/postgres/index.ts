import * as migration_20261122_042330_initial from './20261122_042330_initial';

export const migrations = [
  {
    up: migration_20261122_042330_initial.up,
    down: migration_20261122_042330_initial.down,
    name: '20261122_042330_initial'
  },
];
