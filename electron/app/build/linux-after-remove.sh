#!/bin/sh
rm -f /usr/bin/hookpanel /usr/bin/hookpanel-hook
