import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { useNavigate } from 'react-router';
import { common } from '#client/i18n/fi/common.ts';

/** Goes back one page, or to the home page when this page was opened directly (a link from elsewhere). */
export function BackButton() {
  const navigate = useNavigate();

  const goBack = () => {
    // React Router keeps its own position in history.state; 0 means there is no page of ours to go back to.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate('/');
  };

  return (
    <Button onClick={goBack} color="secondary" startIcon={<ArrowBackIcon />} sx={{ ml: -1 }}>
      {common.back}
    </Button>
  );
}
