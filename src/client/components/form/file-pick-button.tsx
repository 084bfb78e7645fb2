import Button, { type ButtonProps } from '@mui/material/Button';
import { type ChangeEvent, useRef } from 'react';

interface FilePickButtonProps extends Omit<ButtonProps, 'onChange' | 'onClick' | 'component'> {
  /** The input's accept list, e.g. 'application/pdf,.pdf'. */
  accept: string;
  multiple?: boolean;
  onPick(event: ChangeEvent<HTMLInputElement>): void;
}

/**
 * A button that opens the browser's file picker. It is a real button beside a hidden file input,
 * not a label dressed as one: ARIA allows no button role on a label, and a screen reader meets a
 * plain button either way.
 */
export function FilePickButton({ accept, multiple, onPick, children, ...props }: FilePickButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button {...props} onClick={() => input.current?.click()}>
        {children}
      </Button>
      <input ref={input} type="file" accept={accept} multiple={multiple} hidden onChange={onPick} />
    </>
  );
}
