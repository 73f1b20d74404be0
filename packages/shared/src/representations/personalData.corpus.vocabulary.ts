/** The words letters are written with: names, places, organisations and dates. */

// prettier-ignore
export const FIRST_NAMES = [
  'Jane', 'Peter', 'Susan', 'David', 'Margaret', 'John', 'Priya', 'Mohammed', 'Aoife', 'Wojciech',
  'Oluwaseun', 'Siân', 'Zoë', 'Gareth', 'Fiona', 'Rajesh', 'Helen', 'Andrew', 'Chloe', 'Tom', 'Patricia',
  'Graham', 'Nicola', 'Sandeep', 'Mei', 'Kwame', 'Bridget', 'Callum', 'Eleanor', 'Hamish', 'Amira',
  'Lukasz', 'Rosemary', 'Derek', 'Yasmin', 'Barry', 'Teresa', 'Owen', 'Harriet', 'Ifeoma', 'Colin',
  'Deborah', 'Imran', 'Gillian', 'Stuart', 'Lorraine', 'Ben', 'Anneliese', 'Rory', 'Sunita',
];
// prettier-ignore
export const SURNAMES = [
  'Doe', 'Smith', 'Patel', "O'Brien", 'McDonald', 'Smith-Jones', 'Okafor', 'Nowak', 'Khan', 'Williams',
  'Green', 'Hill', 'Wood', 'Taylor', 'Brown', 'Evans', 'Thompson', 'Fitzgerald', 'Chowdhury', 'Adeyemi',
  'MacLeod', 'Kowalski', 'Harrington', 'Baker', 'Murphy', 'Stevens', 'Lloyd', 'Begum', 'Ashworth',
  'Pemberton', 'Nguyen', 'Hughes', 'Carter', 'Whitfield', 'Osei', 'Dunmore', 'Featherstone', 'Singh',
  'Gallagher', 'Reid', 'Bellamy', 'Horsfall', 'Lee', 'Moore', 'Quinn', 'Sharma', 'Turner', 'Yates',
];
export const TITLES = ['Mr', 'Mrs', 'Ms', 'Miss', 'Dr', 'Mx'];
// prettier-ignore
export const STREET_WORDS = [
  'Acacia', 'Mill', 'Station', 'Church', 'Orchard', 'Victoria', 'Albert', 'Chestnut', 'Meadow', 'Kingsdown',
  'Beech', 'Oak', 'Willow', 'Manor', 'London', 'Canterbury', 'Forge', 'Bell', 'School', 'Chapel', 'Rectory',
  'Cherry', 'Pilgrims', 'Roman', 'Queens', 'High', 'Castle', 'Bridge', 'Brook', 'Downs', 'Hazel', 'Sandy',
  "St Mary's", "St John's", 'Old London', 'Upper Mill', 'Hop Garden', 'Wheelwrights', 'Cobham', 'Lavender',
  'Ashdown', 'Marsh',
];
// prettier-ignore
export const STREET_TYPES = [
  'Road', 'Street', 'Lane', 'Avenue', 'Close', 'Drive', 'Way', 'Court', 'Crescent', 'Gardens', 'Place',
  'Terrace', 'Grove', 'Hill', 'Park', 'Row', 'Walk', 'Square', 'Mews', 'View', 'Rise',
];
export const HOUSE_NAMES = [
  'Rose Cottage',
  'The Old Rectory',
  'Orchard House',
  'Little Oaks',
  'Hop Pickers Barn',
  'The Lodge',
  'Fairview',
  'Apple Tree Cottage',
];
// prettier-ignore
export const TOWNS = [
  'Faversham', 'Sittingbourne', 'Whitstable', 'Herne Bay', 'Tonbridge', 'Sevenoaks', 'Ashford', 'Maidstone',
  'Deal', 'Sandwich', 'Hythe', 'Tenterden', 'Cranbrook', 'Headcorn', 'Marden', 'Staplehurst',
  'Boughton-under-Blean', 'Upchurch', 'Newington', 'Teynham', 'Lenham', 'Borough Green', 'West Malling',
  'Kings Hill', 'Snodland', 'East Peckham', 'Paddock Wood', 'Hadlow', 'Eastry', 'Wye',
];
export const COUNTIES = ['Kent', 'East Sussex'];
export const POSTCODE_AREAS = ['ME', 'CT', 'TN', 'DA', 'BR', 'SE', 'M', 'B', 'L', 'N', 'E'];
export const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';
export const COUNCILS = [
  'Swale Borough Council',
  'Maidstone Borough Council',
  'Tonbridge and Malling Borough Council',
  'Dover District Council',
  'Canterbury City Council',
  'Folkestone and Hythe District Council',
  'Ashford Borough Council',
  'Thanet District Council',
];
// prettier-ignore
export const ORGANISATIONS = [
  'Kent Wildlife Trust', 'CPRE Kent', 'Natural England', 'the Environment Agency', 'Southern Water',
  'National Highways', 'Kent County Council', 'the Woodland Trust', 'Historic England', 'the RSPB',
  'Sport England', 'the Kent Downs National Landscape Unit',
];
export const WATER_COMPANIES = ['Southern Water', 'South East Water'];
export const ECOLOGY_GROUPS = [
  'Kent Wildlife Trust',
  'the Kent Bat Group',
  'the RSPB',
  'Kent Reptile and Amphibian Group',
];
// prettier-ignore
export const ROADS = [
  'the A256', 'the A2', 'the A249', 'the M2', 'the M20', 'the B2163', 'the A28', 'the A20', 'the A229',
  'the B2017',
];
// prettier-ignore
export const SITE_NAMES = [
  'Land at Mill Farm', 'Land north of Station Road', 'Land east of the A256', 'the Brickfields site',
  'Land at Highsted Park', 'Land south of London Road', 'the former Paper Mill', 'Land at Pond Farm',
  'Land west of Ashford Road', 'the Orchard Fields', 'Land at Lady Dane Farm', 'the Gasworks site',
];
export const FARMS = ['Mill Farm', 'Pond Farm', 'Brenley Farm', 'Oare Court', 'Perry Court', 'Nash Court'];
export const WOODS = ['Bysing Wood', 'Blean Woods', 'Kings Wood', 'Hurst Wood', 'Clowes Wood'];
export const SCHOOLS = [
  'the village primary school',
  'the local academy',
  'St Mary of Charity Primary',
  'the infant school on the green',
];
export const SAINTS = ['Mary', 'Peter', 'Nicholas', 'Michael', 'Margaret', 'Lawrence'];
// prettier-ignore
export const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October',
  'November', 'December',
];
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
export const RELATIONS = ['husband', 'wife', 'partner', 'son', 'daughter', 'neighbour'];
