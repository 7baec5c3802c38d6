import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { acceptedPhotoTypes, photoFieldLabel, photoFieldName, photoLimits } from '../../../domain/photos/photos';
import type { QuoteFormStore } from '../../app/stores/quote-form-store';
import { FormField } from '../shared/form-field';
import type * as ChosenPhotosModule from './chosen-photos';

export const photoControlId = 'quote-photos';

const photoHint = `Up to ${String(photoLimits.maxCount)} photos of the job, ${String(photoLimits.maxBytes / (1024 * 1024))} MB each: JPEG, PNG, WebP or HEIC.`;

/** Said beside the field when a plain post comes back with errors: a browser never refills a file input. */
const photosNotKept = 'Photos cannot be kept when the form comes back: please choose them again.';

type Picker = typeof ChosenPhotosModule;

/**
 * The photos field. Without scripts it is a plain file input, posted with the form. With them, the
 * code that previews, checks and sends photos is fetched the first time the field is used, so the
 * home page's own script stays small; what the visitor chose is then kept in the form's store.
 */
export function PhotoField({ form }: { form: QuoteFormStore }) {
  const error = useStore(form, (state) => state.photoError);
  const cameBack = useStore(form, (state) => state.cameBack);
  const holdsPhotos = useStore(form, (state) => state.photos.length > 0);
  const [picker, setPicker] = useState<Picker>();
  const input = useRef<HTMLInputElement>(null);

  const load = async () => {
    const loaded = await import('./chosen-photos');
    setPicker(() => loaded);
    return loaded;
  };
  const take = async (element: HTMLInputElement) => {
    const files = [...(element.files ?? [])];
    if (files.length === 0) return;
    const loaded = await load().catch(() => undefined);
    // Offline before the code came: the input keeps the files, and the next choice tries again.
    if (!loaded) return;
    loaded.addPhotos(form, files);
    // The store holds them now; an empty input lets the same file be chosen again after removing it.
    element.value = '';
  };

  // Files chosen before the scripts ran are in the input: take them over as if just chosen.
  useEffect(() => {
    if (input.current?.files?.length) void take(input.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on hydration
  }, []);

  return (
    <FormField id={photoControlId} label={photoFieldLabel} hint={photoHint} notice={cameBack ? photosNotKept : undefined} error={error}>
      {(control) => (
        <div className="photo-field">
          <input
            {...control}
            ref={input}
            type="file"
            name={photoFieldName}
            multiple
            accept={acceptedPhotoTypes.join(',')}
            // The store holds the chosen photos, shown below: the emptied input's "No file chosen" would contradict them.
            data-holds-photos={holdsPhotos || undefined}
            onFocus={() => void load().catch(() => undefined)}
            onChange={(event) => void take(event.currentTarget)}
          />
          {picker && <picker.ChosenPhotos form={form} inputId={photoControlId} />}
        </div>
      )}
    </FormField>
  );
}
