import * as migration_20261122_042143_initial from './20261122_042143_initial';
import * as migration_20261122_143525_features from './20261122_143525_features';
import * as migration_20261122_165546_session_two from './20261122_165546_session_two';

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
    name: '20261122_165546_session_two'
  },
];
