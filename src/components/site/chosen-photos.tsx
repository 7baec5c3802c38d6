import { useStore } from 'zustand';
import { acceptedPhotoTypes, type PhotoError, photoErrorMessage, photoLimits } from '../../../domain/photos/photos';
import type { QuoteFormStore } from '../../app/stores/quote-form-store';

const acceptedTypes: readonly string[] = acceptedPhotoTypes;

/**
 * Whether the file says it is a photo we take. Only a first look, to tell the visitor at once: what
 * a file is gets judged by its content when it is processed. Some browsers give a HEIC photo no type.
 */
const looksLikePhoto = (file: File) => acceptedTypes.includes(file.type) || (file.type === '' && /\.hei[cf]$/i.test(file.name));

/** The photos chosen so far with the new ones added, and what is wrong with the first one refused. */
export function withChosen(current: readonly File[], added: readonly File[]): { photos: File[]; error?: PhotoError } {
  const photos = [...current];
  let error: PhotoError | undefined;
  for (const file of added) {
    if (!looksLikePhoto(file)) error ??= { kind: 'not-an-image', file: file.name };
    else if (file.size > photoLimits.maxBytes) error ??= { kind: 'too-large', file: file.name };
    else photos.push(file);
  }
  if (photos.length > photoLimits.maxCount) return { photos: photos.slice(0, photoLimits.maxCount), error: { kind: 'too-many', count: photos.length } };
  return error ? { photos, error } : { photos };
}

/** Adds the files the visitor chose to the form, keeping those that pass and naming what is wrong with the rest. */
export function addPhotos(form: QuoteFormStore, files: readonly File[]): void {
  const { photos, error } = withChosen(form.getState().photos, files);
  form.getState().setPhotos(photos, error && photoErrorMessage(error));
}

/**
 * Shows the photo from an object URL made for as long as its thumbnail is on the page, and let go
 * with it (React runs the callback's cleanup when the element goes).
 */
const showPhoto = (photo: File) => (image: HTMLImageElement | null) => {
  if (!image) return undefined;
  const url = URL.createObjectURL(photo);
  image.src = url;
  return () => URL.revokeObjectURL(url);
};

const percent = (fraction: number) => `${String(Math.round(fraction * 100))}%`;

/** The chosen photos as thumbnails, each with its Remove button, and the upload's progress while it goes. */
export function ChosenPhotos({ form, inputId }: { form: QuoteFormStore; inputId: string }) {
  const photos = useStore(form, (state) => state.photos);
  const progress = useStore(form, (state) => state.progress);
  const remove = (photo: File) => {
    form.getState().setPhotos(photos.filter((other) => other !== photo));
    // The button has gone: the field is where the visitor carries on.
    document.getElementById(inputId)?.focus();
  };
  return (
    <>
      {photos.length > 0 && (
        <ul className="chosen-photos" aria-label="Chosen photos">
          {photos.map((photo) => (
            <li key={`${photo.name}-${String(photo.size)}-${String(photo.lastModified)}`}>
              <img ref={showPhoto(photo)} alt="" width={96} height={96} />
              <span className="chosen-photo-name">{photo.name}</span>
              <button type="button" className="button button-outline button-small" aria-label={`Remove ${photo.name}`} onClick={() => remove(photo)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {progress !== null && (
        <div className="upload-progress">
          <label htmlFor={`${inputId}-progress`}>Sending your photos</label>
          <progress id={`${inputId}-progress`} max={1} value={progress} aria-valuetext={percent(progress)}>
            {percent(progress)}
          </progress>
          <span aria-hidden="true">{percent(progress)}</span>
        </div>
      )}
    </>
  );
}
