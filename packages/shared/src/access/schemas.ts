import { z } from 'zod';
import { accessActions, accessUnits } from './grants';

export const accessUnitSchema = z.enum(accessUnits);
export const accessActionSchema = z.enum(accessActions);

export const accessQuerySchema = z.object({ resource: accessUnitSchema, action: accessActionSchema });
export const accessAnswerSchema = z.object({
  resource: accessUnitSchema,
  action: accessActionSchema,
  permitted: z.boolean(),
});
