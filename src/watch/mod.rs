//! `pnpkit watch`: what it needs besides the build itself ([`crate::cli`] runs the builds): the
//! pack folder's changes in batches ([`files`]), the preview page ([`page`]) and its pictures
//! ([`pictures`]), and the server that shows them on localhost ([`serve`]).

pub mod files;
pub mod page;
pub mod pictures;
pub mod serve;
