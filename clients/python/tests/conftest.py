"""Loads the sheetd pytest plugin when the package is on PYTHONPATH but not installed."""
import sheetd.pytest_plugin



def pytest_configure(config):
    if not config.pluginmanager.is_registered(sheetd.pytest_plugin):
        config.pluginmanager.register(sheetd.pytest_plugin, "sheetd")
