import { z } from 'zod';

/** Positions in WGS84 (EPSG:4326), as GeoJSON and the map give them: [longitude, latitude]. */
export const coordinateMessages = {
  notANumber: 'Coordinates must be numbers',
  longitude: 'Longitude must be between -180 and 180',
  latitude: 'Latitude must be between -90 and 90',
} as const;

// z.number() already refuses NaN and ±Infinity; 1e308 is a number, but no place on Earth.
export const longitudeSchema = z
  .number({ error: coordinateMessages.notANumber })
  .min(-180, coordinateMessages.longitude)
  .max(180, coordinateMessages.longitude);

export const latitudeSchema = z
  .number({ error: coordinateMessages.notANumber })
  .min(-90, coordinateMessages.latitude)
  .max(90, coordinateMessages.latitude);

export const wgs84PositionSchema = z.tuple([longitudeSchema, latitudeSchema]);
export type Wgs84Position = z.infer<typeof wgs84PositionSchema>;
