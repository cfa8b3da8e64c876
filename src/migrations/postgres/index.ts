import * as migration_20261122_042330_initial from './20261122_042330_initial';
import * as migration_20261122_130439_analytics from './20261122_130439_analytics';

export const migrations = [
  {
    up: migration_20261122_042330_initial.up,
    down: migration_20261122_042330_initial.down,
    name: '20261122_042330_initial',
  },
  {
    up: migration_20261122_130439_analytics.up,
    down: migration_20261122_130439_analytics.down,
    name: '20261122_130439_analytics'
  },
];
