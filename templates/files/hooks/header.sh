#!/bin/sh
# sw-hook-shim {{version}} {{hook}}
# Written by 'sw hook install'; 'sw hook uninstall' removes it and puts back
# the hook that was here before, kept meanwhile as {{hook}}.sw-chained.
# That hook runs first and its exit status is this hook's: sw never fails git,
# but for commit-msg, where it refuses an agent's commit of the style profile.
