import * as migration_20261122_042330_initial from './20261122_042330_initial';
import * as migration_20261122_143535_features from './20261122_143535_features';
import * as migration_20261122_165552_session_two from './20261122_165552_session_two';
import * as migration_20261124_133643_wip_lead from './20261124_133643_wip_lead';
import * as migration_20261124_132338_wip_schedule from './20261124_132338_wip_schedule';
import * as migration_20261124_133650_wip_details from './20261124_133650_wip_details';

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
    up: migration_20261124_133643_wip_lead.up,
    down: migration_20261124_133643_wip_lead.down,
    name: '20261124_133643_wip_lead'
    up: migration_20261124_132338_wip_schedule.up,
    down: migration_20261124_132338_wip_schedule.down,
    name: '20261124_132338_wip_schedule'
    up: migration_20261124_133650_wip_details.up,
    down: migration_20261124_133650_wip_details.down,
    name: '20261124_133650_wip_details'
  },
];
