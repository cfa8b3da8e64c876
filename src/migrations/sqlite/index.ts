import * as migration_20261122_042143_initial from './20261122_042143_initial';
import * as migration_20261122_130422_analytics from './20261122_130422_analytics';

export const migrations = [
  {
    up: migration_20261122_042143_initial.up,
    down: migration_20261122_042143_initial.down,
    name: '20261122_042143_initial',
  },
  {
    up: migration_20261122_130422_analytics.up,
    down: migration_20261122_130422_analytics.down,
    name: '20261122_130422_analytics'
  },
];
