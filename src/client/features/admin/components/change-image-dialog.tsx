import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ChangeEvent, type ReactNode, useId, useState } from 'react';
import { FilePickButton } from '#client/components/form/file-pick-button.tsx';
import { SubmitButton } from '#client/components/form/submit-button.tsx';
import { PageTabPanel, PageTabs } from '#client/components/page-tabs.tsx';
import { LoadingSpinner, RetryAlert } from '#client/components/query-states.tsx';
import { adminText } from '#client/i18n/fi/admin.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { type AdminImage, type AdminListing, maxAdminImageBytes } from '#shared/admin/admin.schema.ts';
import { useChangeListingImage } from '../api/change-listing-image.ts';
import { useAdminImages } from '../api/get-admin-images.ts';

const t = adminText.imageDialog;

type Source = 'categories' | 'uploaded';
const sourceOptions: { value: Source; label: string }[] = [
  { value: 'categories', label: t.categories },
  { value: 'uploaded', label: t.uploaded },
];

/** What the update button sends: an image the server has, or a picture from this device. */
type Choice = { url: string } | { file: File; preview: string };

/** Spec 02 §5 "Admin rules": the device's picture is checked here before it is sent. */
function fileProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return t.invalidType;
  if (file.size > maxAdminImageBytes) return t.tooLarge;
  return null;
}

function ImageTile({
  image,
  label,
  selected,
  onChoose,
}: {
  image: AdminImage;
  label: string;
  selected: boolean;
  onChoose(url: string): void;
}) {
  return (
    <Box
      component="button"
      type="button"
      aria-pressed={selected}
      aria-label={label}
      onClick={() => onChoose(image.url)}
      sx={{
        p: 0,
        border: 3,
        borderColor: selected ? 'secondary.main' : 'transparent',
        borderRadius: 1.5,
        overflow: 'hidden',
        cursor: 'pointer',
        bgcolor: 'primary.light',
        aspectRatio: '16 / 9',
        outlineOffset: 2,
        boxShadow: selected ? 3 : 0,
      }}
    >
      <Box
        component="img"
        src={image.url}
        alt=""
        loading="lazy"
        sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
      />
    </Box>
  );
}

const tileGrid = {
  display: 'grid',
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
  gap: 1,
} as const;

interface Props {
  open: boolean;
  listing: AdminListing;
  onClose(): void;
  onChanged(): void;
}

/**
 * 'Vaihda kuva' of a listing under review (spec 02 §2 "Dialogs", §5 "Admin rules"): a category's
 * default picture, or under 'Ladatut kuvat' an earlier upload or a new picture from this device
 * (JPG, PNG or WebP up to 10 MB, which the server turns into WebP). 'Päivitä kuva' waits until
 * something is chosen.
 */
export function ChangeImageDialog({ open, listing, onClose, onChanged }: Props) {
  const titleId = useId();
  const phone = useMediaQuery('(max-width:599.95px)');
  const images = useAdminImages();
  const change = useChangeListingImage(listing.id);
  const [source, setSource] = useState<Source>('categories');
  const [choice, setChoice] = useState<Choice | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const chooseUrl = (url: string) => {
    setProblem(null);
    setChoice({ url });
  };
  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be picked again after a fix.
    event.target.value = '';
    if (!file) return;
    const refused = fileProblem(file);
    setProblem(refused);
    setChoice(null);
    if (refused) return;
    // The preview is a data URL: the site's image policy admits data: but not blob: addresses.
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setChoice({ file, preview: reader.result });
      else setProblem(t.readFailed);
    };
    reader.onerror = () => setProblem(t.readFailed);
    reader.readAsDataURL(file);
  };

  const update = () => {
    if (!choice) return;
    setProblem(null);
    change.mutate('url' in choice ? { url: choice.url } : { file: choice.file }, {
      onSuccess: onChanged,
      // A refusal says why in the server's words; a failure of the upload itself is the spec's.
      onError: (error) =>
        setProblem(
          error instanceof ApiError && !['internal', 'network', 'upload-failed'].includes(error.code)
            ? error.message
            : t.uploadFailed,
        ),
    });
  };

  const chosenUrl = choice && 'url' in choice ? choice.url : null;
  const busy = change.isPending;

  /** A gallery once the list has come: the loading or failure in its place before that. */
  const gallery = (render: (data: NonNullable<typeof images.data>) => ReactNode): ReactNode => {
    if (images.isPending) {
      return <LoadingSpinner label={t.loading} py={4} />;
    }
    if (images.isError) {
      return (
        <RetryAlert onRetry={() => void images.refetch()} severity="warning">
          {t.loadFailed}
        </RetryAlert>
      );
    }
    return render(images.data);
  };

  const upload = (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      sx={{ gap: 2, mb: 2, pb: 2, borderBottom: 1, borderColor: 'divider', alignItems: { sm: 'center' } }}
    >
      <Box>
        <FilePickButton
          accept="image/jpeg,image/png,image/webp"
          onPick={chooseFile}
          variant="outlined"
          color="secondary"
          startIcon={<UploadFile />}
          disabled={busy}
        >
          {t.upload}
        </FilePickButton>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.75 }}>
          {t.uploadHint}
        </Typography>
      </Box>
      {choice && 'file' in choice && (
        <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', minWidth: 0 }}>
          <Box
            component="img"
            src={choice.preview}
            alt=""
            onError={() => {
              setChoice(null);
              setProblem(t.readFailed);
            }}
            sx={{
              width: 96,
              aspectRatio: '16 / 9',
              objectFit: 'cover',
              borderRadius: 1,
              border: 3,
              borderColor: 'secondary.main',
            }}
          />
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {t.chosenFile(choice.file.name)}
          </Typography>
        </Stack>
      )}
    </Stack>
  );

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullScreen={phone}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
    >
      <DialogTitle id={titleId} sx={{ pb: 0 }}>
        {t.title}
        <Typography component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.95rem' }}>
          {listing.eventName}
        </Typography>
      </DialogTitle>
      <DialogContent>
        <PageTabs<Source>
          look="plain"
          idPrefix="admin-image"
          label={t.tabsLabel}
          value={source}
          options={sourceOptions}
          onChange={setSource}
        />
        <PageTabPanel look="plain" idPrefix="admin-image" value="categories" selected={source}>
          {gallery((data) => (
            <Stack sx={{ gap: 2 }}>
              {data.categories.map((category) => (
                <Box component="section" key={category.category} aria-label={category.label}>
                  <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700, mb: 0.75 }}>
                    {category.label}
                  </Typography>
                  <Box sx={tileGrid}>
                    {category.images.map((image, index) => (
                      <ImageTile
                        key={image.url}
                        image={image}
                        label={t.categoryImage(category.label, index + 1)}
                        selected={chosenUrl === image.url}
                        onChoose={chooseUrl}
                      />
                    ))}
                  </Box>
                </Box>
              ))}
            </Stack>
          ))}
        </PageTabPanel>
        <PageTabPanel look="plain" idPrefix="admin-image" value="uploaded" selected={source}>
          {upload}
          {gallery((data) =>
            data.uploaded.length === 0 ? (
              <Typography sx={{ color: 'text.secondary' }}>{t.noUploads}</Typography>
            ) : (
              <Box sx={tileGrid}>
                {data.uploaded.map((image) => (
                  <ImageTile
                    key={image.url}
                    image={image}
                    label={t.uploadedImage(image.originalFileName ?? image.url)}
                    selected={chosenUrl === image.url}
                    onChoose={chooseUrl}
                  />
                ))}
              </Box>
            ),
          )}
        </PageTabPanel>
      </DialogContent>
      {/* Beside the buttons, whichever tab is open and however far it is scrolled. */}
      {problem && (
        <Alert severity="error" sx={{ mx: 3, mt: 1 }}>
          {problem}
        </Alert>
      )}
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button color="secondary" onClick={onClose} disabled={busy}>
          {t.cancel}
        </Button>
        <SubmitButton
          type="button"
          onClick={update}
          disabled={!choice}
          pending={busy}
          pendingLabel={t.updating}
        >
          {t.update}
        </SubmitButton>
      </DialogActions>
    </Dialog>
  );
}
