"""The app's core: window and main loop, scene stack and navigation, saves and
settings, keys, sound, fonts, text and the look shared by every screen."""
