export { errorResponseSchema } from '@vetboard/contract';
