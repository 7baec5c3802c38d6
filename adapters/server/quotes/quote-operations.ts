import { photoFieldName, photoLimits } from '../../../domain/photos/photos';
import { describeField, honeypotFieldName, type QuoteField, quoteFieldList, quoteFields, requiredFields } from '../../../domain/quote/quote';
import { formTokenFieldName } from '../../../domain/spam/spam';
import { checkedValue, WireStoredQuoteSchema } from '../../http-api/wire';
import { describeRoute, down, elsewhere, failure, jsonAnswer, limited, named, noBody, signedOut, staffOnly } from '../openapi/describe-route';

// The quote form's post and staff's DELETE, for the API's document. A visitor's body is not parsed
// by one schema (the domain's rules judge each field, and trim it), so its schema is drawn from the
// domain's description of each field.

/** One field as a visitor sends it, from the domain's description of it. */
function inputSchemaOf(field: QuoteField): Record<string, unknown> {
  const description = describeField(field);
  if (description.kind === 'flag') return { type: 'boolean', default: false };
  if (description.choices) return { type: 'string', enum: Object.keys(description.choices), description: description.label };
  const limit = description.maxLength === undefined ? {} : { maxLength: description.maxLength };
  return description.missing === undefined
    ? { type: ['string', 'null'], ...limit, description: `${description.label}: empty or null when not given` }
    : { type: 'string', ...limit, description: description.label };
}

/** How the form says it was sent: its signed token, and the field only bots fill. The spam rules weigh both. */
const arrivalFields = {
  [formTokenFieldName]: { type: 'string', description: 'The signed, timestamped token the page holding the form was sent with; leave it out when there is none' },
  [honeypotFieldName]: { type: 'string', description: 'Leave it empty or out' },
};

const required = requiredFields.map((field) => quoteFields[field].name);
const fieldsAs = (schemaOf: (field: QuoteField) => Record<string, unknown>) => ({
  ...Object.fromEntries(quoteFieldList.map((field) => [quoteFields[field].name, schemaOf(field)])),
  ...arrivalFields,
});

/** The quote request as a visitor sends it; the server trims values and applies the domain's rules. */
const jsonInput = { type: 'object', required, properties: fieldsAs(inputSchemaOf) };

/** The same as a plain HTML form post: every value text, a tick box present when ticked. */
const formInput = {
  type: 'object',
  required,
  properties: fieldsAs((field) =>
    quoteFields[field].kind === 'flag' ? { type: 'string', description: `"${checkedValue}" when ticked; anything else, or nothing, when not` } : inputSchemaOf(field),
  ),
};

/** With photos: the form's text fields under their names, and the photos as files. */
const multipartInput = {
  ...formInput,
  properties: {
    ...formInput.properties,
    [photoFieldName]: {
      type: 'array',
      maxItems: photoLimits.maxCount,
      items: { type: 'string', contentMediaType: 'application/octet-stream' },
      description: `Up to ${String(photoLimits.maxCount)} photos (JPEG, PNG, WebP, AVIF; judged by their content), each at most ${String(photoLimits.maxBytes)} bytes and ${String(photoLimits.maxPixels)} pixels. Each is turned upright, stripped of all metadata and kept as a JPEG at most ${String(photoLimits.maxLongSide)} px on its long side, with a thumbnail. A refused photo is named in a 400 under the field "${photoFieldName}", and nothing is stored.`,
    },
  },
};

export const quoteOperations = {
  send: describeRoute({
    summary: 'Send a quote request',
    requestBody: {
      required: true,
      content: {
        'application/json': { schema: jsonInput },
        'application/x-www-form-urlencoded': { schema: formInput },
        'multipart/form-data': { schema: multipartInput, encoding: { photos: { contentType: 'image/jpeg, image/png, image/webp, image/avif' } } },
      },
    },
    responses: {
      201: jsonAnswer(
        'Stored (JSON requests, and multipart posts sent with Accept: application/json), with `customer_token`: the customer’s own link is `/r/{customer_token}`, given this once. A request the spam rules hold is answered alike.',
        named('StoredQuoteRequest', WireStoredQuoteSchema),
      ),
      303: { description: 'Stored (form posts, with photos or without): back to the home page, which says so and gives the customer’s link' },
      400: failure(
        'A required field is missing, a field is invalid, a photo was refused (field "photos"), or the JSON or multipart body is malformed. A form post gets the page again, with every typed value and the errors; photos must be chosen again.',
      ),
      403: failure('Sent from another site (its Origin or Sec-Fetch-Site says so)'),
      413: failure('The body is over the size limit (for a post with photos: five photos at their limit and the text besides)'),
      415: failure('Neither JSON, a form post, nor multipart/form-data'),
      429: limited(),
      503: failure('The database cannot be reached; nothing was stored'),
    },
  }),
  delete: describeRoute({
    summary: 'Delete a quote request (staff only)',
    ...staffOnly,
    responses: { 204: { description: 'Deleted' }, 401: signedOut, 403: elsewhere, 404: failure('No such request'), 413: noBody, 503: down },
  }),
};
