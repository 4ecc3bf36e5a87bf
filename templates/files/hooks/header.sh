#!/bin/sh
# sw-hook-shim {{version}} {{hook}}
# Written by 'sw hook install'; 'sw hook uninstall' removes it and puts back
# the hook that was here before, kept meanwhile as {{hook}}.sw-chained.
# That hook runs first and its exit status is this hook's: sw fails git only
# to refuse what the person decides, where git runs for a coding agent, and
# in commit-msg, for a commit of the style profile marked as an agent's.
