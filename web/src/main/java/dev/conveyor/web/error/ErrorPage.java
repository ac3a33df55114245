package dev.conveyor.web.error;

import static dev.conveyor.common.JsonText.JSON;

import dev.conveyor.common.MessageId;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * The container's own error answers (a path outside the API, a request the servlet layer turns
 * down before JAX-RS sees it) in the API's shape: JSON with a code and a message, never an HTML
 * page. web.xml routes every error status here.
 */
@WebServlet("/error")
public class ErrorPage extends HttpServlet {

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Object status = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        int code = status instanceof Integer number ? number : HttpServletResponse.SC_NOT_FOUND;
        Object uri = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
        MessageId id = code >= 500 ? MessageId.UNEXPECTED : MessageId.HTTP_ERROR;
        String message = code >= 500 ? id.text("a server error") : id.text("HTTP " + code + " for " + (uri == null ? "this request" : uri)
                + (code == HttpServletResponse.SC_NOT_FOUND ? ": nothing is there; the API is under /api" : ""));
        response.setStatus(code);
        response.setContentType("application/json");
        response.setCharacterEncoding("UTF-8");
        response.getWriter().write(JSON.createObjectBuilder().add("code", id.code()).add("message", message).addNull("field").build().toString());
    }
}
