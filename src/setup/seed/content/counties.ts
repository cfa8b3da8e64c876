/**
 * Ohio's 88 counties and their county seats, alphabetical. The county seat is where the
 * recorder, auditor, treasurer and clerk of courts keep the records a title search reads.
 */
export type OhioCounty = { name: string; seat: string }

export const OHIO_COUNTIES: OhioCounty[] = [
  { name: 'Adams', seat: 'West Union' },
  { name: 'Allen', seat: 'Lima' },
  { name: 'Ashland', seat: 'Ashland' },
  { name: 'Ashtabula', seat: 'Jefferson' },
  { name: 'Athens', seat: 'Athens' },
  { name: 'Auglaize', seat: 'Wapakoneta' },
  { name: 'Belmont', seat: 'St. Clairsville' },
  { name: 'Brown', seat: 'Georgetown' },
  { name: 'Butler', seat: 'Hamilton' },
  { name: 'Carroll', seat: 'Carrollton' },
  { name: 'Champaign', seat: 'Urbana' },
  { name: 'Clark', seat: 'Springfield' },
  { name: 'Clermont', seat: 'Batavia' },
  { name: 'Clinton', seat: 'Wilmington' },
  { name: 'Columbiana', seat: 'Lisbon' },
  { name: 'Coshocton', seat: 'Coshocton' },
  { name: 'Crawford', seat: 'Bucyrus' },
  { name: 'Cuyahoga', seat: 'Cleveland' },
  { name: 'Darke', seat: 'Greenville' },
  { name: 'Defiance', seat: 'Defiance' },
  { name: 'Delaware', seat: 'Delaware' },
  { name: 'Erie', seat: 'Sandusky' },
  { name: 'Fairfield', seat: 'Lancaster' },
  { name: 'Fayette', seat: 'Washington Court House' },
  { name: 'Franklin', seat: 'Columbus' },
  { name: 'Fulton', seat: 'Wauseon' },
  { name: 'Gallia', seat: 'Gallipolis' },
  { name: 'Geauga', seat: 'Chardon' },
  { name: 'Greene', seat: 'Xenia' },
  { name: 'Guernsey', seat: 'Cambridge' },
  { name: 'Hamilton', seat: 'Cincinnati' },
  { name: 'Hancock', seat: 'Findlay' },
  { name: 'Hardin', seat: 'Kenton' },
  { name: 'Harrison', seat: 'Cadiz' },
  { name: 'Henry', seat: 'Napoleon' },
  { name: 'Highland', seat: 'Hillsboro' },
  { name: 'Hocking', seat: 'Logan' },
  { name: 'Holmes', seat: 'Millersburg' },
  { name: 'Huron', seat: 'Norwalk' },
  { name: 'Jackson', seat: 'Jackson' },
  { name: 'Jefferson', seat: 'Steubenville' },
  { name: 'Knox', seat: 'Mount Vernon' },
  { name: 'Lake', seat: 'Painesville' },
  { name: 'Lawrence', seat: 'Ironton' },
  { name: 'Licking', seat: 'Newark' },
  { name: 'Logan', seat: 'Bellefontaine' },
  { name: 'Lorain', seat: 'Elyria' },
  { name: 'Lucas', seat: 'Toledo' },
  { name: 'Madison', seat: 'London' },
  { name: 'Mahoning', seat: 'Youngstown' },
  { name: 'Marion', seat: 'Marion' },
  { name: 'Medina', seat: 'Medina' },
  { name: 'Meigs', seat: 'Pomeroy' },
  { name: 'Mercer', seat: 'Celina' },
  { name: 'Miami', seat: 'Troy' },
  { name: 'Monroe', seat: 'Woodsfield' },
  { name: 'Montgomery', seat: 'Dayton' },
  { name: 'Morgan', seat: 'McConnelsville' },
  { name: 'Morrow', seat: 'Mount Gilead' },
  { name: 'Muskingum', seat: 'Zanesville' },
  { name: 'Noble', seat: 'Caldwell' },
  { name: 'Ottawa', seat: 'Port Clinton' },
  { name: 'Paulding', seat: 'Paulding' },
  { name: 'Perry', seat: 'New Lexington' },
  { name: 'Pickaway', seat: 'Circleville' },
  { name: 'Pike', seat: 'Waverly' },
  { name: 'Portage', seat: 'Ravenna' },
  { name: 'Preble', seat: 'Eaton' },
  { name: 'Putnam', seat: 'Ottawa' },
  { name: 'Richland', seat: 'Mansfield' },
  { name: 'Ross', seat: 'Chillicothe' },
  { name: 'Sandusky', seat: 'Fremont' },
  { name: 'Scioto', seat: 'Portsmouth' },
  { name: 'Seneca', seat: 'Tiffin' },
  { name: 'Shelby', seat: 'Sidney' },
  { name: 'Stark', seat: 'Canton' },
  { name: 'Summit', seat: 'Akron' },
  { name: 'Trumbull', seat: 'Warren' },
  { name: 'Tuscarawas', seat: 'New Philadelphia' },
  { name: 'Union', seat: 'Marysville' },
  { name: 'Van Wert', seat: 'Van Wert' },
  { name: 'Vinton', seat: 'McArthur' },
  { name: 'Warren', seat: 'Lebanon' },
  { name: 'Washington', seat: 'Marietta' },
  { name: 'Wayne', seat: 'Wooster' },
  { name: 'Williams', seat: 'Bryan' },
  { name: 'Wood', seat: 'Bowling Green' },
  { name: 'Wyandot', seat: 'Upper Sandusky' },
]

/** A county name as a form value or URL part: "Van Wert" becomes "van-wert". */
export const countySlug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

/**
 * Counties where we order most often and where recorder indexes and document images reach far
 * enough back online that a standard search rarely needs a trip to the courthouse.
 */
const FAST_COUNTIES = new Set([
  'Butler',
  'Clermont',
  'Cuyahoga',
  'Delaware',
  'Fairfield',
  'Franklin',
  'Greene',
  'Hamilton',
  'Lake',
  'Licking',
  'Lorain',
  'Lucas',
  'Mahoning',
  'Medina',
  'Montgomery',
  'Stark',
  'Summit',
  'Union',
  'Warren',
  'Wood',
])

/**
 * Smaller counties where older volumes are indexed only in the courthouse books, so a full search
 * usually includes an in-person visit by one of our field abstractors.
 */
export const FIELD_VISIT_COUNTIES = new Set(['Harrison', 'Meigs', 'Monroe', 'Morgan', 'Noble', 'Paulding', 'Vinton'])

/** Our usual turnaround for a standard order in a county. */
export function countyTurnaround(name: string): string {
  if (FAST_COUNTIES.has(name)) return '1–2 business days'
  if (FIELD_VISIT_COUNTIES.has(name)) return '3–4 business days'
  return '2–3 business days'
}
