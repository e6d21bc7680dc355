import { Box, Center, Paper } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Logo } from '../brand/logo.tsx';
import classes from './public-layout.module.css';

/** SPEC §2 "Public layout": a centred card with the logo. */
export function PublicCard({ children }: { children: ReactNode }) {
  return (
    <Center component="main" className={classes.page}>
      <Paper className={classes.card} shadow="md" withBorder p={{ base: 'lg', sm: 40 }}>
        <Box mb="xl">
          <Center>
            <Logo size="lg" />
          </Center>
        </Box>
        {children}
      </Paper>
    </Center>
  );
}

export function PublicLayout() {
  return (
    <PublicCard>
      <Outlet />
    </PublicCard>
  );
}
